// The CUDA runtime side of engine/cuda (see cuda.h): device discovery, the caching device
// allocator, copies, synchronization, cuBLAS/cuBLASLt matrix products with max-autotune's GEMM
// table, and the benchmark timer the GPU autotuner uses.
//
// Every CUDA and cuBLAS call goes through KILN_CUDA_CHECK / KILN_CUBLAS_CHECK, which raise
// kiln::Error (RuntimeError) with the call, CUDA's error name and string: nothing is ignored.
#include <cublasLt.h>
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "cuda/cuda.h"
#include "cuda/check.h"
#include "cuda/libraries.h"
#include "cuda/index_check.h"
#include "cuda/memory_stats.h"
#include "cuda/sync_debug.h"
#include "cuda/stream.h"

namespace kiln::cuda {

// ==== device ==================================================================================

namespace {

struct DeviceState {
    bool probed = false;
    int count = 0;
    cudaError_t error = cudaSuccess;  // why count is 0
    char name[256] = {};
};

DeviceState& device_state() {
    static DeviceState s;
    static std::once_flag once;
    std::call_once(once, [] {
        s.error = cudaGetDeviceCount(&s.count);
        if (s.error != cudaSuccess) {
            s.count = 0;
            cudaGetLastError();  // clear the sticky-free error so later calls start clean
        } else if (s.count > 0) {
            cudaDeviceProp prop;
            if (cudaGetDeviceProperties(&prop, 0) == cudaSuccess) snprintf(s.name, sizeof s.name, "%s", prop.name);
        }
        s.probed = true;
    });
    return s;
}

// PyTorch's messages for a build with CUDA on a machine that cannot run it.
[[noreturn]] void fail_unavailable() {
    const DeviceState& s = device_state();
    if (s.error == cudaErrorNoDevice || (s.error == cudaSuccess && s.count == 0))
        KILN_FAIL(RuntimeError, "No CUDA GPUs are available");
    KILN_FAIL(RuntimeError,
              "Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and installed a "
              "driver from http://www.nvidia.com/Download/index.aspx");
}

}  // namespace

[[noreturn]] void fail_cuda(int code, const char* call, const char* file, int line) {
    auto e = cudaError_t(code);
    KILN_FAIL(RuntimeError, "CUDA error: ", cudaGetErrorString(e), " (", cudaGetErrorName(e), ") in ", call, " at ",
              file, ":", line);
}

[[noreturn]] void fail_cublas(int code, const char* call, const char* file, int line) {
    auto s = cublasStatus_t(code);
    KILN_FAIL(RuntimeError, "CUDA error: ", cublas().cublasGetStatusName(s), " (", cublas().cublasGetStatusString(s), ") in ", call,
              " at ", file, ":", line);
}

bool built() { return true; }
bool is_available() { return device_state().count > 0; }
int device_count() { return device_state().count; }
const char* device_name() { return device_state().name; }

void synchronize() {
    if (!is_available()) fail_unavailable();
    KILN_CUDA_CHECK(cudaDeviceSynchronize());
    raise_pending_index_error();
}

// ==== caching allocator =========================================================================

namespace {

constexpr size_t kAlign = 512;  // cudaMalloc gives 256; keep sizes multiples of 512

// A CUDA graph's private memory: every block handed out while the graph was recorded. Its free
// blocks are reused only by that recording; the whole pool goes back to the allocator's cache when
// the graph is destroyed (blocks a tensor still holds then follow the ordinary rules from there on).
struct GraphPool {
    std::multimap<size_t, void*> free_blocks;
    std::vector<std::pair<void*, size_t>> owned;
};

struct DeviceAllocator {
    std::mutex mutex;
    std::multimap<size_t, void*> free_blocks;  // rounded size -> block
    AllocatorStats stats;
    size_t peak_reserved = 0;  // the most of stats.bytes_in_use + stats.bytes_cached (memory_stats.h)
    GraphPool* recording = nullptr;                // the pool of the graph being recorded
    std::unordered_map<void*, GraphPool*> pooled;  // block -> the graph pool it belongs to

    static size_t round(size_t n) {
        if (n <= (size_t(1) << 20)) return (n + kAlign - 1) / kAlign * kAlign;
        size_t p = 1;  // as the CPU allocator: multiples of 1/8 of the next power of two
        while (p < n) p <<= 1;
        size_t step = p / 8;
        return (n + step - 1) / step * step;
    }

    void release_cache_locked() {
        for (auto& kv : free_blocks) KILN_CUDA_CHECK(cudaFree(kv.second));
        free_blocks.clear();
        stats.bytes_cached = 0;
    }
};

DeviceAllocator& allocator() {
    static DeviceAllocator* a = new DeviceAllocator();  // never destroyed: storages may outlive teardown
    return *a;
}

std::string bytes_str(size_t n) {
    char buf[64];
    if (n >= (size_t(1) << 30)) snprintf(buf, sizeof buf, "%.2f GiB", double(n) / double(size_t(1) << 30));
    else snprintf(buf, sizeof buf, "%.2f MiB", double(n) / double(size_t(1) << 20));
    return buf;
}

}  // namespace

void* allocate(size_t nbytes) {
    if (!is_available()) fail_unavailable();
    DeviceAllocator& a = allocator();
    size_t size = DeviceAllocator::round(nbytes ? nbytes : 1);
    std::lock_guard<std::mutex> lock(a.mutex);
    void* p = nullptr;
    // A cached block of this size from `m`, if there is one.
    auto take = [&](std::multimap<size_t, void*>& m) {
        auto i = m.find(size);
        if (i == m.end()) return false;
        p = i->second;
        m.erase(i);
        a.stats.bytes_cached -= size;
        return true;
    };
    // While recording, reuse the graph's own freed blocks first; anything else taken becomes the
    // graph's for good (its address is baked into the recorded kernels).
    const bool from_pool = a.recording && take(a.recording->free_blocks);
    if (!from_pool && !take(a.free_blocks)) {
        cudaError_t e = cudaMalloc(&p, size);
        if (e == cudaErrorMemoryAllocation && !a.free_blocks.empty()) {  // drop the cache and retry once
            cudaGetLastError();
            a.release_cache_locked();
            e = cudaMalloc(&p, size);
        }
        if (e == cudaErrorMemoryAllocation) {
            cudaGetLastError();
            size_t free_b = 0, total_b = 0;
            cudaMemGetInfo(&free_b, &total_b);
            KILN_FAIL(MemoryError, "CUDA out of memory. Tried to allocate ", bytes_str(size), ". GPU 0 has a total capacity of ",
                      bytes_str(total_b), " of which ", bytes_str(free_b), " is free. Of the allocated memory ",
                      bytes_str(a.stats.bytes_in_use), " is allocated by Kiln.");
        }
        if (e != cudaSuccess) fail_cuda(e, "cudaMalloc", __FILE__, __LINE__);
    }
    if (a.recording && !from_pool) {
        a.recording->owned.emplace_back(p, size);
        a.pooled[p] = a.recording;
    }
    a.stats.bytes_in_use += size;
    if (a.stats.bytes_in_use > a.stats.peak_bytes_in_use) a.stats.peak_bytes_in_use = a.stats.bytes_in_use;
    a.peak_reserved = std::max(a.peak_reserved, a.stats.bytes_in_use + a.stats.bytes_cached);
    return p;
}

void release(void* p, size_t nbytes) {
    // One stream: work queued on the block is ordered before any later use of it, so the block can
    // be reused at once without waiting for the GPU.
    DeviceAllocator& a = allocator();
    size_t size = DeviceAllocator::round(nbytes ? nbytes : 1);
    std::lock_guard<std::mutex> lock(a.mutex);
    a.stats.bytes_in_use -= size;
    auto owner = a.pooled.find(p);
    (owner != a.pooled.end() ? owner->second->free_blocks : a.free_blocks).emplace(size, p);
    a.stats.bytes_cached += size;
}

AllocatorStats allocator_stats() {
    std::lock_guard<std::mutex> lock(allocator().mutex);
    return allocator().stats;
}

void reset_peak_stats() {
    std::lock_guard<std::mutex> lock(allocator().mutex);
    allocator().stats.peak_bytes_in_use = allocator().stats.bytes_in_use;
    allocator().peak_reserved = allocator().stats.bytes_in_use + allocator().stats.bytes_cached;
}

size_t peak_bytes_reserved() {
    std::lock_guard<std::mutex> lock(allocator().mutex);
    return allocator().peak_reserved;
}

void empty_cache() {
    if (!is_available()) return;
    std::lock_guard<std::mutex> lock(allocator().mutex);
    allocator().release_cache_locked();
}

// ==== sync debug mode ==========================================================================

namespace {
int g_sync_debug_mode = 0;
void (*g_sync_hook)(int) = nullptr;
}  // namespace

void set_sync_debug_mode(int mode) { g_sync_debug_mode = mode; }
int sync_debug_mode() { return g_sync_debug_mode; }
void set_sync_hook(void (*hook)(int)) { g_sync_hook = hook; }

// ==== copies ====================================================================================

void memcpy(void* dst, const void* src, size_t nbytes, CopyKind kind) {
    if (nbytes == 0) return;
    if (!is_available()) fail_unavailable();
    cudaMemcpyKind k = kind == CopyKind::HostToDevice   ? cudaMemcpyHostToDevice
                       : kind == CopyKind::DeviceToHost ? cudaMemcpyDeviceToHost
                                                        : cudaMemcpyDeviceToDevice;
    if (kind == CopyKind::DeviceToDevice) return copy_async(dst, src, nbytes);
    KILN_CHECK(!recording(), RuntimeError,
               "a copy between host and device cannot be recorded into a CUDA graph (the host would wait for "
               "work that has not run)");
    // Host-to-device: cudaMemcpyAsync on the current stream stages the host bytes before it returns
    // (the caller may free them) and orders the copy after the queued kernels without making the
    // host wait for them (cudaMemcpy would: a torch.arange or a tensor literal moved to the GPU
    // drained the queue each time). Device-to-host: cudaMemcpy, which returns when the bytes have
    // arrived (so a fault of an earlier kernel is reported here).
    if (kind == CopyKind::HostToDevice) {
        KILN_CUDA_CHECK(cudaMemcpyAsync(dst, src, nbytes, k, current_stream()));
        return;
    }
    if (g_sync_debug_mode != 0 && g_sync_hook) g_sync_hook(g_sync_debug_mode);  // before the wait, as PyTorch's
    KILN_CUDA_CHECK(cudaMemcpy(dst, src, nbytes, k));
    if (kind == CopyKind::DeviceToHost) raise_pending_index_error();
}

void copy_async(void* dst, const void* src, size_t nbytes) {
    if (nbytes == 0) return;
    if (!is_available()) fail_unavailable();
    KILN_CUDA_CHECK(cudaMemcpyAsync(dst, src, nbytes, cudaMemcpyDeviceToDevice, current_stream()));
}

// ==== streams and CUDA graphs ======================================================================

namespace {

cudaStream_t g_stream = nullptr;  // nullptr: the legacy default stream
Graph* g_recording = nullptr;     // the graph being recorded on g_stream

cudaStream_t capture_stream() {
    static cudaStream_t s = [] {
        cudaStream_t st = nullptr;
        // Non-blocking: the legacy stream's implicit synchronization must not touch a capturing stream.
        KILN_CUDA_CHECK(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));
        return st;
    }();
    return s;
}

}  // namespace

cudaStream_t current_stream() { return g_stream; }
bool recording() { return g_stream != nullptr; }

struct Graph {
    cudaGraphExec_t exec = nullptr;
    GraphPool pool;
    // The [seed, offset base] pair the recorded random fills read (cuda.h: Philox), and how far
    // they advance the generator's offset in all.
    uint64_t* rng = nullptr;
    uint64_t rng_increment = 0;
    ~Graph() {
        if (exec) cudaGraphExecDestroy(exec);  // at exit the context may be gone: not checked
        if (rng) cudaFree(rng);
        DeviceAllocator& a = allocator();
        std::lock_guard<std::mutex> lock(a.mutex);
        // Free blocks of the pool go back to the shared cache; blocks a tensor still holds lose their
        // pool and are released the ordinary way later.
        for (auto& kv : pool.free_blocks) a.free_blocks.emplace(kv.first, kv.second);
        for (auto& blk : pool.owned) a.pooled.erase(blk.first);
    }
};

std::shared_ptr<Graph> record_graph(const std::function<void()>& work) {
    if (!is_available()) fail_unavailable();
    KILN_CHECK(!recording(), RuntimeError, "a CUDA graph cannot be recorded while another one is being recorded");
    auto g = std::make_shared<Graph>();
    KILN_CUDA_CHECK(cudaMalloc(&g->rng, 2 * sizeof(uint64_t)));
    cudaStream_t s = capture_stream();
    // The side stream must see everything queued so far on the legacy stream (the inputs' copies).
    KILN_CUDA_CHECK(cudaDeviceSynchronize());
    DeviceAllocator& a = allocator();
    {
        std::lock_guard<std::mutex> lock(a.mutex);
        a.recording = &g->pool;
    }
    auto stop = [&](cudaGraph_t* out) {
        cudaError_t e = cudaStreamEndCapture(s, out);
        g_stream = nullptr;
        g_recording = nullptr;
        std::lock_guard<std::mutex> lock(a.mutex);
        a.recording = nullptr;
        return e;
    };
    // Relaxed: the caching allocator may still call cudaMalloc while recording (a fresh block).
    KILN_CUDA_CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeRelaxed));
    g_stream = s;
    g_recording = g.get();
    cudaGraph_t graph = nullptr;
    try {
        work();
    } catch (...) {
        if (stop(&graph) == cudaSuccess && graph) cudaGraphDestroy(graph);
        cudaGetLastError();  // an invalidated capture leaves an error behind: clear it
        throw;
    }
    cudaError_t e = stop(&graph);
    if (e != cudaSuccess) {
        cudaGetLastError();
        KILN_FAIL(RuntimeError, "CUDA graph capture failed: ", cudaGetErrorString(e),
                  " (something in the compiled graph synchronized with the host or used another stream)");
    }
    cudaError_t ie = cudaGraphInstantiate(&g->exec, graph, 0);
    cudaGraphDestroy(graph);
    if (ie != cudaSuccess) fail_cuda(ie, "cudaGraphInstantiate", __FILE__, __LINE__);
    return g;
}

void replay(const Graph& g) { KILN_CUDA_CHECK(cudaGraphLaunch(g.exec, nullptr)); }

namespace {
__global__ void set_pair(uint64_t* p, uint64_t a, uint64_t b) {
    p[0] = a;
    p[1] = b;
}
}  // namespace

Philox graph_philox(uint64_t increment) {
    KILN_CHECK(g_recording, RuntimeError, "internal: graph_philox outside a CUDA graph recording");
    Philox p;
    p.state = g_recording->rng;
    p.offset = g_recording->rng_increment;
    g_recording->rng_increment += increment;
    return p;
}

uint64_t graph_rng_increment(const Graph& g) { return g.rng_increment; }

void set_graph_rng(const Graph& g, uint64_t seed, uint64_t offset) {
    set_pair<<<1, 1, 0, current_stream()>>>(g.rng, seed, offset);
    KILN_CUDA_CHECK(cudaGetLastError());
}

// ==== cuBLAS ======================================================================================

namespace {

bool g_allow_tf32 = false;
bool g_conv_allow_tf32 = true;  // torch.backends.cudnn.allow_tf32's default

// Whether a float32 GEMM may run in TF32: a convolution's by cuDNN's flag, any other by the matmul precision.
bool tf32(const Gemm& g) { return g.dtype == 4 && (g.conv ? g_conv_allow_tf32 : g_allow_tf32); }

// cuBLAS workspace given explicitly, so that a GEMM recorded into a CUDA graph never asks cuBLAS to
// allocate one for the capturing stream (cublasSetStream drops the workspace: it is set again after).
constexpr size_t kBlasWorkspace = size_t(32) << 20;

// One workspace for cuBLAS and cuBLASLt: both run on the current stream, one call at a time.
void* blas_workspace() {
    static void* workspace = [] {
        void* w = nullptr;
        KILN_CUDA_CHECK(cudaMalloc(&w, kBlasWorkspace));
        return w;
    }();
    return workspace;
}

cublasHandle_t blas_handle() {
    static cudaStream_t bound = nullptr;
    void* workspace = blas_workspace();
    static cublasHandle_t h = [workspace] {
        cublasHandle_t handle = nullptr;
        KILN_CUBLAS_CHECK(cublas().cublasCreate(&handle));
        KILN_CUBLAS_CHECK(cublas().cublasSetWorkspace(handle, workspace, kBlasWorkspace));
        return handle;
    }();
    if (bound != current_stream()) {
        bound = current_stream();
        KILN_CUBLAS_CHECK(cublas().cublasSetStream(h, bound));
        KILN_CUBLAS_CHECK(cublas().cublasSetWorkspace(h, workspace, kBlasWorkspace));
    }
    return h;
}

cudaDataType_t blas_type(uint8_t dtype) {
    switch (dtype) {
        case 2: return CUDA_R_16F;
        case 3: return CUDA_R_16BF;
        case 4: return CUDA_R_32F;
        case 5: return CUDA_R_64F;
        default: KILN_FAIL(RuntimeError, "internal: gemm on a non-floating dtype");
    }
}

}  // namespace

void set_allow_tf32(bool allow) { g_allow_tf32 = allow; }
bool allow_tf32() { return g_allow_tf32; }
void set_conv_allow_tf32(bool allow) { g_conv_allow_tf32 = allow; }
bool conv_allow_tf32() { return g_conv_allow_tf32; }

namespace {

int64_t element_size(uint8_t dtype) { return dtype == 5 ? 8 : dtype == 4 ? 4 : 2; }

// cuBLAS's own choice (CUBLAS_GEMM_DEFAULT): what every GEMM ran before autotuning existed.
void cublas_default(const Gemm& g) {
    // cuBLAS is column-major: the row-major C = A @ B is the column-major C^T = B^T @ A^T, so B is
    // passed first; a row-major matrix with row stride ld is a column-major transposed one.
    cudaDataType_t t = blas_type(g.dtype);
    cublasComputeType_t compute = g.dtype == 5 ? CUBLAS_COMPUTE_64F
                                  : tf32(g) ? CUBLAS_COMPUTE_32F_FAST_TF32
                                                                  : CUBLAS_COMPUTE_32F;
    double alpha_d = g.alpha, beta_d = g.beta;
    float alpha_f = float(g.alpha), beta_f = float(g.beta);
    const void* alpha = g.dtype == 5 ? static_cast<const void*>(&alpha_d) : static_cast<const void*>(&alpha_f);
    const void* beta = g.dtype == 5 ? static_cast<const void*>(&beta_d) : static_cast<const void*>(&beta_f);
    cublasOperation_t op_b = g.trans_b ? CUBLAS_OP_T : CUBLAS_OP_N;
    cublasOperation_t op_a = g.trans_a ? CUBLAS_OP_T : CUBLAS_OP_N;
    KILN_CUBLAS_CHECK(cublas().cublasGemmStridedBatchedEx(blas_handle(), op_b, op_a, int(g.n), int(g.m), int(g.k), alpha, g.b, t,
                                                 int(g.ldb), g.stride_b, g.a, t, int(g.lda), g.stride_a, beta, g.c, t,
                                                 int(g.ldc), g.stride_c, int(g.batch), compute, CUBLAS_GEMM_DEFAULT));
}

cublasLtHandle_t lt_handle() {
    static cublasLtHandle_t h = [] {
        cublasLtHandle_t handle = nullptr;
        KILN_CUBLAS_CHECK(cublaslt().cublasLtCreate(&handle));
        return handle;
    }();
    return h;
}

// Descriptors freed on every path out (a failed check throws).
struct LtDescs {
    cublasLtMatmulDesc_t op = nullptr;
    cublasLtMatrixLayout_t a = nullptr, b = nullptr, c = nullptr;
    cublasLtMatmulPreference_t pref = nullptr;
    ~LtDescs() {
        if (pref) cublaslt().cublasLtMatmulPreferenceDestroy(pref);
        if (c) cublaslt().cublasLtMatrixLayoutDestroy(c);
        if (b) cublaslt().cublasLtMatrixLayoutDestroy(b);
        if (a) cublaslt().cublasLtMatrixLayoutDestroy(a);
        if (op) cublaslt().cublasLtMatmulDescDestroy(op);
    }
};

// The largest power of two (at most 256, cuBLASLt's default assumption) dividing an operand's
// address and, for batches, its batch stride in bytes: every matrix of the batch starts that aligned.
uint32_t alignment(const void* p, int64_t batch_stride_bytes) {
    const uintptr_t v = uintptr_t(p) | uintptr_t(batch_stride_bytes) | uintptr_t(256);
    return uint32_t(v & (~v + 1));
}

// A GEMM described for cuBLASLt, column-major as cublas_default (D^T = B^T @ A^T: our B is
// cuBLASLt's A, our C is its C and D), batched by strides, with the bias epilogue when there is a
// bias (set_bias points it at each call's bias). The preference gives the workspace and the
// operands' real alignment, so the heuristic proposes only algorithms valid for these addresses.
struct LtProblem {
    LtDescs d;
    bool f64 = false;  // alpha and beta are doubles (float64), else floats

    LtProblem(const Gemm& g, const void* bias) {
        cudaDataType_t t = blas_type(g.dtype);
        f64 = g.dtype == 5;
        cublasComputeType_t compute = f64 ? CUBLAS_COMPUTE_64F
                                      : tf32(g) ? CUBLAS_COMPUTE_32F_FAST_TF32
                                                                      : CUBLAS_COMPUTE_32F;
        KILN_CUBLAS_CHECK(cublaslt().cublasLtMatmulDescCreate(&d.op, compute, f64 ? CUDA_R_64F : CUDA_R_32F));
        cublasOperation_t op_b = g.trans_b ? CUBLAS_OP_T : CUBLAS_OP_N;
        cublasOperation_t op_a = g.trans_a ? CUBLAS_OP_T : CUBLAS_OP_N;
        KILN_CUBLAS_CHECK(cublaslt().cublasLtMatmulDescSetAttribute(d.op, CUBLASLT_MATMUL_DESC_TRANSA, &op_b, sizeof op_b));
        KILN_CUBLAS_CHECK(cublaslt().cublasLtMatmulDescSetAttribute(d.op, CUBLASLT_MATMUL_DESC_TRANSB, &op_a, sizeof op_a));
        if (bias) {
            // The bias runs along C^T's n rows: the epilogue's vector (one value per row of the
            // column-major result).
            cublasLtEpilogue_t epilogue = CUBLASLT_EPILOGUE_BIAS;
            KILN_CUBLAS_CHECK(cublaslt().cublasLtMatmulDescSetAttribute(d.op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epilogue, sizeof epilogue));
            set_bias(bias);
        }
        // The first operand is B (stored k x n row-major = n x k column-major, or its transpose).
        KILN_CUBLAS_CHECK(cublaslt().cublasLtMatrixLayoutCreate(&d.a, t, g.trans_b ? uint64_t(g.k) : uint64_t(g.n),
                                                     g.trans_b ? uint64_t(g.n) : uint64_t(g.k), g.ldb));
        KILN_CUBLAS_CHECK(cublaslt().cublasLtMatrixLayoutCreate(&d.b, t, g.trans_a ? uint64_t(g.m) : uint64_t(g.k),
                                                     g.trans_a ? uint64_t(g.k) : uint64_t(g.m), g.lda));
        KILN_CUBLAS_CHECK(cublaslt().cublasLtMatrixLayoutCreate(&d.c, t, uint64_t(g.n), uint64_t(g.m), g.ldc));
        if (g.batch > 1) {
            batched(d.a, g.batch, g.stride_b);
            batched(d.b, g.batch, g.stride_a);
            batched(d.c, g.batch, g.stride_c);
        }
        KILN_CUBLAS_CHECK(cublaslt().cublasLtMatmulPreferenceCreate(&d.pref));
        const uint64_t ws = kBlasWorkspace;
        KILN_CUBLAS_CHECK(cublaslt().cublasLtMatmulPreferenceSetAttribute(d.pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &ws, sizeof ws));
        const int64_t es = element_size(g.dtype);
        const bool many = g.batch > 1;
        const uint32_t al_a = alignment(g.b, many ? g.stride_b * es : 0), al_b = alignment(g.a, many ? g.stride_a * es : 0);
        const uint32_t al_c = alignment(g.c, many ? g.stride_c * es : 0);
        KILN_CUBLAS_CHECK(cublaslt().cublasLtMatmulPreferenceSetAttribute(d.pref, CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES, &al_a, sizeof al_a));
        KILN_CUBLAS_CHECK(cublaslt().cublasLtMatmulPreferenceSetAttribute(d.pref, CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_B_BYTES, &al_b, sizeof al_b));
        KILN_CUBLAS_CHECK(cublaslt().cublasLtMatmulPreferenceSetAttribute(d.pref, CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_C_BYTES, &al_c, sizeof al_c));
        KILN_CUBLAS_CHECK(cublaslt().cublasLtMatmulPreferenceSetAttribute(d.pref, CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_D_BYTES, &al_c, sizeof al_c));
    }

    static void batched(cublasLtMatrixLayout_t l, int64_t batch, int64_t stride) {
        const int32_t count = int32_t(batch);
        KILN_CUBLAS_CHECK(cublaslt().cublasLtMatrixLayoutSetAttribute(l, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &count, sizeof count));
        KILN_CUBLAS_CHECK(cublaslt().cublasLtMatrixLayoutSetAttribute(l, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &stride, sizeof stride));
    }

    void set_bias(const void* bias) {
        KILN_CUBLAS_CHECK(cublaslt().cublasLtMatmulDescSetAttribute(d.op, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &bias, sizeof bias));
    }

    // Up to `n` algorithms, the heuristic's best first; none when cuBLASLt has none for the problem.
    std::vector<cublasLtMatmulHeuristicResult_t> heuristics(int n) {
        std::vector<cublasLtMatmulHeuristicResult_t> r(size_t(std::max(n, 1)));
        int found = 0;
        if (cublaslt().cublasLtMatmulAlgoGetHeuristic(lt_handle(), d.op, d.a, d.b, d.c, d.c, d.pref, int(r.size()), r.data(), &found) !=
            CUBLAS_STATUS_SUCCESS)
            found = 0;
        r.resize(size_t(std::max(found, 0)));
        return r;
    }

    void run(const Gemm& g, const cublasLtMatmulAlgo_t& algo) {
        double alpha_d = g.alpha, beta_d = g.beta;
        float alpha_f = float(g.alpha), beta_f = float(g.beta);
        const void* alpha = f64 ? static_cast<const void*>(&alpha_d) : static_cast<const void*>(&alpha_f);
        const void* beta = f64 ? static_cast<const void*>(&beta_d) : static_cast<const void*>(&beta_f);
        KILN_CUBLAS_CHECK(cublaslt().cublasLtMatmul(lt_handle(), d.op, alpha, g.b, d.a, g.a, d.b, beta, g.c, d.c, g.c, d.c, &algo,
                                         blas_workspace(), kBlasWorkspace, current_stream()));
    }
};

// ---- max-autotune's GEMM table ----

// What runs a tabled problem: cuBLAS's default, or one cuBLASLt algorithm over the problem's
// descriptors (made once at tuning, shared by every later call).
struct GemmChoice {
    bool lt = false;
    cublasLtMatmulAlgo_t algo{};
    std::shared_ptr<LtProblem> problem;
};

struct GemmTable {
    std::mutex mu;
    bool tuning = false;
    std::map<std::string, GemmChoice> choices;
    std::vector<GemmTuning> log;
};

GemmTable& gemm_table() {
    static GemmTable* t = new GemmTable();  // never destroyed: cuBLASLt may be gone at exit
    return *t;
}

std::string gemm_key(const Gemm& g, const void* bias) {
    const int64_t es = element_size(g.dtype);
    const bool many = g.batch > 1;
    char buf[512];
    std::snprintf(buf, sizeof buf, "%s m%lld n%lld k%lld b%lld t%d%d ld%lld,%lld,%lld s%lld,%lld,%lld d%d tf32=%d beta=%d al%u,%u,%u,%u",
                  bias ? "bias" : "gemm", (long long)g.m, (long long)g.n, (long long)g.k, (long long)g.batch, int(g.trans_a),
                  int(g.trans_b), (long long)g.lda, (long long)g.ldb, (long long)g.ldc, (long long)(many ? g.stride_a : 0),
                  (long long)(many ? g.stride_b : 0), (long long)(many ? g.stride_c : 0), int(g.dtype),
                  int(tf32(g)), int(g.beta != 0.0), alignment(g.a, many ? g.stride_a * es : 0),
                  alignment(g.b, many ? g.stride_b * es : 0), alignment(g.c, many ? g.stride_c * es : 0),
                  bias ? alignment(bias, 0) : 0u);
    return buf;
}

// "mm(64x32, 32x128, float32)", as PyTorch titles its AUTOTUNE tables (bias or C first for addmm).
std::string gemm_title(const Gemm& g, const void* bias) {
    auto mat = [&](int64_t r, int64_t c, bool t) {
        std::string s = (g.batch > 1 ? std::to_string(g.batch) + "x" : "") + std::to_string(r) + "x" + std::to_string(c);
        return t ? s + "^T" : s;  // stored transposed (column-major)
    };
    const char* dt = g.dtype == 2 ? "float16" : g.dtype == 3 ? "bfloat16" : g.dtype == 5 ? "float64"
                     : tf32(g) ? "float32, tf32" : "float32";
    std::string s;
    if (bias) s = "addmm(" + std::to_string(g.n) + ", ";
    else if (g.beta != 0.0) s = std::string(g.batch > 1 ? "baddbmm(" : "addmm(") + mat(g.m, g.n, false) + ", ";
    else s = g.batch > 1 ? "bmm(" : "mm(";
    return s + mat(g.m, g.k, g.trans_a) + ", " + mat(g.k, g.n, g.trans_b) + ", " + dt + ")";
}

// A cuBLASLt algorithm's identity as its config attributes give it (tile is cublasLtMatmulTile_t's value).
std::string lt_algo_detail(const cublasLtMatmulAlgo_t& algo) {
    int32_t id = -1;
    uint32_t tile = 0, splitk = 0;
    size_t written = 0;
    cublaslt().cublasLtMatmulAlgoConfigGetAttribute(&algo, CUBLASLT_ALGO_CONFIG_ID, &id, sizeof id, &written);
    cublaslt().cublasLtMatmulAlgoConfigGetAttribute(&algo, CUBLASLT_ALGO_CONFIG_TILE_ID, &tile, sizeof tile, &written);
    cublaslt().cublasLtMatmulAlgoConfigGetAttribute(&algo, CUBLASLT_ALGO_CONFIG_SPLITK_NUM, &splitk, sizeof splitk, &written);
    return "algo=" + std::to_string(id) + " tile=" + std::to_string(tile) + " split_k=" + std::to_string(std::max<uint32_t>(splitk, 1));
}

void run_choice(const Gemm& g, const void* bias, const GemmChoice& c) {
    if (!c.lt) return cublas_default(g);
    if (bias) c.problem->set_bias(bias);
    c.problem->run(g, c.algo);
}

// The tabled choice for the problem, if any (a copy: the table may grow meanwhile).
bool find_choice(const std::string& key, GemmChoice& out) {
    GemmTable& t = gemm_table();
    std::lock_guard<std::mutex> lock(t.mu);
    auto it = t.choices.find(key);
    if (it == t.choices.end()) return false;
    out = it->second;
    return true;
}

bool tuning_now() {
    GemmTable& t = gemm_table();
    std::lock_guard<std::mutex> lock(t.mu);
    return t.tuning && !recording();
}

// Times the problem's candidates on a scratch C (the caller's C is written only by the winner,
// afterwards) and tables the fastest. False when no candidate ran (the caller takes its usual path).
bool tune_candidates(const Gemm& g, const void* bias, const std::string& key, GemmChoice& winner) {
    const auto t0 = std::chrono::steady_clock::now();
    struct Candidate {
        std::string name, detail;
        GemmChoice choice;
        double ms = -1;  // -1: it failed to run
    };
    std::vector<Candidate> cands;
    if (!bias) cands.push_back({"cublas_default", "", GemmChoice{}, -1});
    auto problem = std::make_shared<LtProblem>(g, bias);
    const std::vector<cublasLtMatmulHeuristicResult_t> heur = problem->heuristics(kGemmLtChoices);
    for (size_t i = 0; i < heur.size(); ++i) {
        if (heur[i].state != CUBLAS_STATUS_SUCCESS) continue;
        GemmChoice c;
        c.lt = true;
        c.algo = heur[i].algo;
        c.problem = problem;
        cands.push_back({"cublaslt_heuristic_" + std::to_string(i), lt_algo_detail(heur[i].algo), c, -1});
    }
    if (cands.empty()) return false;
    // C's span: the last matrix's last row ends (m - 1) rows after its start.
    const int64_t span = (g.batch - 1) * std::max<int64_t>(g.stride_c, 0) + (g.m - 1) * g.ldc + g.n;
    const size_t bytes = size_t(span) * size_t(element_size(g.dtype));
    struct Scratch {
        void* p;
        size_t n;
        ~Scratch() { release(p, n); }
    } scratch{allocate(bytes), bytes};
    if (g.beta != 0.0) copy_async(scratch.p, g.c, bytes);  // C is read: time on its values
    Gemm on_scratch = g;
    on_scratch.c = scratch.p;
    for (Candidate& c : cands) {
        try {
            c.ms = benchmark_ms([&] { run_choice(on_scratch, bias, c.choice); });
        } catch (const kiln::Error&) {
            cudaGetLastError();  // a status cuBLAS refused: this candidate is left out
            c.ms = -1;
        }
    }
    cands.erase(std::remove_if(cands.begin(), cands.end(), [](const Candidate& c) { return c.ms < 0; }), cands.end());
    if (cands.empty()) return false;
    std::stable_sort(cands.begin(), cands.end(), [](const Candidate& a, const Candidate& b) { return a.ms < b.ms; });
    GemmTuning rec;
    rec.title = gemm_title(g, bias);
    for (const Candidate& c : cands) rec.choices.push_back({c.name, c.ms, c.detail});
    rec.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    winner = cands.front().choice;
    GemmTable& t = gemm_table();
    std::lock_guard<std::mutex> lock(t.mu);
    t.choices[key] = winner;
    t.log.push_back(std::move(rec));
    return true;
}

// Tuning must never cost a GEMM its result: a problem cuBLASLt cannot describe, or no scratch
// memory for C, leaves it untuned (and it runs as without autotuning).
bool tune(const Gemm& g, const void* bias, const std::string& key, GemmChoice& winner) {
    try {
        return tune_candidates(g, bias, key, winner);
    } catch (const kiln::Error&) {
        cudaGetLastError();
        return false;
    }
}

// The tabled choice, or a fresh tuning while autotuning is on; false: neither (untuned path).
bool tuned_choice(const Gemm& g, const void* bias, GemmChoice& c) {
    {
        GemmTable& t = gemm_table();
        std::lock_guard<std::mutex> lock(t.mu);
        if (t.choices.empty() && !t.tuning) return false;  // the common case: nothing tuned, no key made
    }
    const std::string key = gemm_key(g, bias);
    if (find_choice(key, c)) return true;
    return g.k > 0 && tuning_now() && tune(g, bias, key, c);
}

}  // namespace

void gemm(const Gemm& g) {
    if (g.m == 0 || g.n == 0 || g.batch == 0) return;
    GemmChoice c;
    if (tuned_choice(g, nullptr, c)) return run_choice(g, nullptr, c);
    cublas_default(g);
}

bool gemm_bias(const Gemm& g, const void* bias) {
    if (g.dtype != 2 && g.dtype != 3 && g.dtype != 4) return false;
    if (g.m == 0 || g.n == 0) return true;
    GemmChoice c;
    if (tuned_choice(g, bias, c)) {
        run_choice(g, bias, c);
        return true;
    }
    // Untuned: the heuristic's first algorithm.
    LtProblem problem(g, bias);
    const std::vector<cublasLtMatmulHeuristicResult_t> best = problem.heuristics(1);
    if (best.empty()) return false;
    problem.run(g, best[0].algo);
    return true;
}

void set_gemm_autotune(bool on) {
    GemmTable& t = gemm_table();
    std::lock_guard<std::mutex> lock(t.mu);
    t.tuning = on;
}

std::vector<GemmTuning> take_gemm_tunings() {
    GemmTable& t = gemm_table();
    std::lock_guard<std::mutex> lock(t.mu);
    std::vector<GemmTuning> out = std::move(t.log);
    t.log.clear();
    return out;
}

int gemm_table_size() {
    GemmTable& t = gemm_table();
    std::lock_guard<std::mutex> lock(t.mu);
    return int(t.choices.size());
}

void clear_gemm_table() {
    GemmTable& t = gemm_table();
    std::lock_guard<std::mutex> lock(t.mu);
    t.choices.clear();
}

// ==== benchmarking ===================================================================================

double benchmark_ms(const std::function<void()>& fn, int reps) {
    if (!is_available()) fail_unavailable();
    KILN_CHECK(!recording(), RuntimeError, "benchmarking cannot run while a CUDA graph records (nothing executes then)");
    reps = std::max(reps, 1);
    // Larger than the L2 of the GPUs Kiln targets (50 MB on the H100); allocated once, kept.
    constexpr size_t kFlushBytes = size_t(64) << 20;
    static void* flush = [] {
        void* f = nullptr;
        KILN_CUDA_CHECK(cudaMalloc(&f, kFlushBytes));
        return f;
    }();
    struct Events {
        std::vector<cudaEvent_t> e;
        ~Events() {
            for (cudaEvent_t x : e) cudaEventDestroy(x);  // allowed before the stream reaches them
        }
    } ev;
    for (int i = 0; i < 2 * reps; ++i) {
        cudaEvent_t x = nullptr;
        KILN_CUDA_CHECK(cudaEventCreate(&x));
        ev.e.push_back(x);
    }
    cudaStream_t s = current_stream();
    fn();  // warm-up: first-launch costs (module load, cuBLAS's kernel selection) are not timed
    for (int r = 0; r < reps; ++r) {
        KILN_CUDA_CHECK(cudaMemsetAsync(flush, 0, kFlushBytes, s));
        KILN_CUDA_CHECK(cudaEventRecord(ev.e[size_t(2 * r)], s));
        fn();
        KILN_CUDA_CHECK(cudaEventRecord(ev.e[size_t(2 * r + 1)], s));
    }
    KILN_CUDA_CHECK(cudaEventSynchronize(ev.e.back()));
    std::vector<double> t;
    for (int r = 0; r < reps; ++r) {
        float ms = 0;
        KILN_CUDA_CHECK(cudaEventElapsedTime(&ms, ev.e[size_t(2 * r)], ev.e[size_t(2 * r + 1)]));
        t.push_back(double(ms));
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

}  // namespace kiln::cuda
