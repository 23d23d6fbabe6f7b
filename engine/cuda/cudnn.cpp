// cuDNN as a convolution candidate (see cudnn.h). Compiled in every build; the body exists only in a
// CUDA build that found cudnn.h, and the library itself is loaded with dlopen at the first
// convolution, so a Kiln binary runs unchanged where cuDNN is missing (its own kernels then run).
// The header's prototypes type the function pointers (decltype), so a mismatch fails the build.
//
// Per geometry (and dtype, math type, deterministic/benchmark flags) a Plan keeps the four
// descriptors and the algorithm and workspace size of each direction, chosen on first use as
// PyTorch's legacy cuDNN path chooses (aten/src/ATen/native/cudnn/Conv_v7.cpp): the heuristics'
// list in order, the first entry that succeeded (and is deterministic when asked); under benchmark
// mode the timed list of cudnnFind*AlgorithmEx, run on the call's own buffers. Plans live for the
// process, as PyTorch's algorithm caches do.
#include "cuda/cudnn.h"

#include <atomic>
#include <cstdlib>
#include <cstring>

#if defined(KILN_WITH_CUDA) && defined(__has_include)
#if __has_include(<cudnn.h>)
#define KILN_HAVE_CUDNN_HEADER 1
#endif
#endif

#ifdef KILN_HAVE_CUDNN_HEADER
#include <cudnn.h>
#include <dlfcn.h>

#include <algorithm>
#include <array>
#include <map>
#include <mutex>
#include <vector>

#include "cuda/cuda.h"
#include "cuda/stream.h"
#include "support/error.h"
#endif

namespace kiln::cuda::cudnn {

namespace {
std::atomic<bool> g_enabled{true}, g_benchmark{false}, g_deterministic{false}, g_deterministic_algorithms{false};
}  // namespace

void set_enabled(bool on) { g_enabled = on; }
bool enabled() { return g_enabled; }
void set_benchmark(bool on) { g_benchmark = on; }
bool benchmark() { return g_benchmark; }
void set_deterministic(bool on) { g_deterministic = on; }
bool deterministic() { return g_deterministic; }
void set_deterministic_algorithms(bool on) { g_deterministic_algorithms = on; }

#ifndef KILN_HAVE_CUDNN_HEADER

bool available() { return false; }
int64_t version() { return 0; }
bool forward(const ConvShape&, const void*, const void*, void*) { return false; }
bool backward_data(const ConvShape&, const void*, const void*, void*) { return false; }
bool backward_filter(const ConvShape&, const void*, const void*, void*) { return false; }

#else

namespace {

// ---- the library, loaded once ----------------------------------------------------------------------

struct Api {
#define KILN_CUDNN_FUNCTIONS(X)                                                                              \
    X(cudnnGetVersion) X(cudnnCreate) X(cudnnSetStream) X(cudnnGetErrorString) X(cudnnCreateTensorDescriptor) \
    X(cudnnSetTensorNdDescriptor) X(cudnnCreateFilterDescriptor) X(cudnnSetFilterNdDescriptor)                 \
    X(cudnnCreateConvolutionDescriptor) X(cudnnSetConvolutionNdDescriptor) X(cudnnSetConvolutionGroupCount)    \
    X(cudnnSetConvolutionMathType) X(cudnnGetConvolutionForwardAlgorithm_v7)                                  \
    X(cudnnFindConvolutionForwardAlgorithmEx) X(cudnnGetConvolutionForwardWorkspaceSize)                      \
    X(cudnnConvolutionForward) X(cudnnGetConvolutionBackwardDataAlgorithm_v7)                                 \
    X(cudnnFindConvolutionBackwardDataAlgorithmEx) X(cudnnGetConvolutionBackwardDataWorkspaceSize)            \
    X(cudnnConvolutionBackwardData) X(cudnnGetConvolutionBackwardFilterAlgorithm_v7)                          \
    X(cudnnFindConvolutionBackwardFilterAlgorithmEx) X(cudnnGetConvolutionBackwardFilterWorkspaceSize)        \
    X(cudnnConvolutionBackwardFilter)
#define KILN_CUDNN_POINTER(name) decltype(&::name) name = nullptr;
    KILN_CUDNN_FUNCTIONS(KILN_CUDNN_POINTER)
#undef KILN_CUDNN_POINTER
    cudnnHandle_t handle = nullptr;
    cudaStream_t bound = nullptr;
    bool ok = false;
};

// dlopen + dlsym of every function, then a handle (which needs a device: cuda::is_available()).
// KILN_CUDNN=0 leaves cuDNN out (A/B runs of Kiln's own kernels).
Api& api() {
    static Api a = [] {
        Api r;
        const char* env = std::getenv("KILN_CUDNN");
        if ((env && std::strcmp(env, "0") == 0) || !cuda::is_available()) return r;
        void* lib = nullptr;
        for (const char* name : {"libcudnn.so.9", "libcudnn.so"})
            if ((lib = dlopen(name, RTLD_NOW | RTLD_LOCAL))) break;
        if (!lib) return r;
        bool all = true;
#define KILN_CUDNN_LOAD(name)                                                  \
    r.name = reinterpret_cast<decltype(&::name)>(dlsym(lib, #name)); \
    all = all && r.name;
        KILN_CUDNN_FUNCTIONS(KILN_CUDNN_LOAD)
#undef KILN_CUDNN_LOAD
        // Only the major version the header describes: the prototypes and enums are cuDNN 9's.
        if (!all || r.cudnnGetVersion() / 10000 != CUDNN_MAJOR) return r;
        r.ok = r.cudnnCreate(&r.handle) == CUDNN_STATUS_SUCCESS;
        return r;
    }();
    return a;
}

void check(cudnnStatus_t st, const char* what) {
    if (st != CUDNN_STATUS_SUCCESS)
        KILN_FAIL(RuntimeError, "cuDNN error: ", api().cudnnGetErrorString(st), " (", what, ")");
}

// The handle on the stream work goes to now (the default stream, or a CUDA graph's capture stream).
cudnnHandle_t handle() {
    Api& a = api();
    if (a.bound != current_stream()) {
        a.bound = current_stream();
        check(a.cudnnSetStream(a.handle, a.bound), "cudnnSetStream");
    }
    return a.handle;
}

cudnnDataType_t data_type(uint8_t dtype) {
    switch (dtype) {
        case 2: return CUDNN_DATA_HALF;
        case 3: return CUDNN_DATA_BFLOAT16;
        case 5: return CUDNN_DATA_DOUBLE;
        default: return CUDNN_DATA_FLOAT;
    }
}

// ---- plans: descriptors and algorithms per geometry -------------------------------------------------

enum Direction { kForward, kBackwardData, kBackwardFilter };

struct Plan {
    cudnnTensorDescriptor_t x = nullptr, y = nullptr;
    cudnnFilterDescriptor_t w = nullptr;
    cudnnConvolutionDescriptor_t conv = nullptr;
    std::array<int, 3> algo{-1, -1, -1};     // per Direction; -1: not chosen yet
    std::array<size_t, 3> workspace{0, 0, 0};
};

using Key = std::array<int64_t, 28>;

Key key_of(const ConvShape& s, bool tf32, bool det, bool bench) {
    return {s.spatial, s.N,  s.C,  s.D,  s.H,  s.W,  s.Cout, s.groups, s.kd, s.kh, s.kw, s.sd, s.sh, s.sw,
            s.pd,      s.ph, s.pw, s.dd, s.dh, s.dw, s.OD,   s.OH,     s.OW, s.dtype, tf32, det, bench, 0};
}

// Every size and element count in int32, as the legacy API indexes.
bool fits(const ConvShape& s) {
    constexpr int64_t kMax = (int64_t(1) << 31) - 1;
    const int64_t in = s.N * s.C * s.D * s.H * s.W, out = s.N * s.Cout * s.OD * s.OH * s.OW;
    const int64_t wn = s.Cout * (s.C / std::max<int64_t>(s.groups, 1)) * s.kd * s.kh * s.kw;
    return in <= kMax && out <= kMax && wn <= kMax && s.N > 0 && in > 0 && out > 0;
}

void set_tensor(cudnnTensorDescriptor_t d, cudnnDataType_t dt, const std::vector<int>& dims) {
    std::vector<int> strides(dims.size());
    int st = 1;
    for (size_t i = dims.size(); i-- > 0;) {
        strides[i] = st;
        st *= dims[i];
    }
    check(api().cudnnSetTensorNdDescriptor(d, dt, int(dims.size()), dims.data(), strides.data()),
          "cudnnSetTensorNdDescriptor");
}

Plan make_plan(const ConvShape& s, bool tf32) {
    Api& a = api();
    Plan p;
    const cudnnDataType_t dt = data_type(s.dtype);
    const bool d3 = s.spatial == 3;
    auto sp = [&](int64_t depth, int64_t h, int64_t w) {
        return d3 ? std::vector<int>{int(depth), int(h), int(w)} : std::vector<int>{int(h), int(w)};
    };
    std::vector<int> xd{int(s.N), int(s.C)}, yd{int(s.N), int(s.Cout)}, wd{int(s.Cout), int(s.C / s.groups)};
    for (int v : sp(s.D, s.H, s.W)) xd.push_back(v);
    for (int v : sp(s.OD, s.OH, s.OW)) yd.push_back(v);
    for (int v : sp(s.kd, s.kh, s.kw)) wd.push_back(v);
    check(a.cudnnCreateTensorDescriptor(&p.x), "cudnnCreateTensorDescriptor");
    check(a.cudnnCreateTensorDescriptor(&p.y), "cudnnCreateTensorDescriptor");
    check(a.cudnnCreateFilterDescriptor(&p.w), "cudnnCreateFilterDescriptor");
    check(a.cudnnCreateConvolutionDescriptor(&p.conv), "cudnnCreateConvolutionDescriptor");
    set_tensor(p.x, dt, xd);
    set_tensor(p.y, dt, yd);
    check(a.cudnnSetFilterNdDescriptor(p.w, dt, CUDNN_TENSOR_NCHW, int(wd.size()), wd.data()), "cudnnSetFilterNdDescriptor");
    const std::vector<int> pad = sp(s.pd, s.ph, s.pw), stride = sp(s.sd, s.sh, s.sw), dil = sp(s.dd, s.dh, s.dw);
    // Half and bfloat16 accumulate in float, as PyTorch's descriptors ask.
    const cudnnDataType_t compute = dt == CUDNN_DATA_DOUBLE ? CUDNN_DATA_DOUBLE : CUDNN_DATA_FLOAT;
    check(a.cudnnSetConvolutionNdDescriptor(p.conv, int(pad.size()), pad.data(), stride.data(), dil.data(),
                                            CUDNN_CROSS_CORRELATION, compute),
          "cudnnSetConvolutionNdDescriptor");
    check(a.cudnnSetConvolutionGroupCount(p.conv, int(s.groups)), "cudnnSetConvolutionGroupCount");
    // PyTorch's math types: tensor-op math for half, FMA (no TF32) for float32 when TF32 is off,
    // the default (TF32 allowed for float32) otherwise.
    cudnnMathType_t math = CUDNN_DEFAULT_MATH;
    if (dt == CUDNN_DATA_HALF) math = CUDNN_TENSOR_OP_MATH;
    if (dt == CUDNN_DATA_FLOAT && !tf32) math = CUDNN_FMA_MATH;
    check(a.cudnnSetConvolutionMathType(p.conv, math), "cudnnSetConvolutionMathType");
    return p;
}

// A device buffer for the duration of one call, from Kiln's caching allocator (stream-ordered: the
// next user of the block runs after this call's kernels on the same stream).
struct Workspace {
    void* ptr = nullptr;
    size_t bytes = 0;
    explicit Workspace(size_t n) : bytes(n) {
        if (n) ptr = cuda::allocate(n);
    }
    ~Workspace() {
        if (ptr) cuda::release(ptr, bytes);
    }
    Workspace(const Workspace&) = delete;
    Workspace& operator=(const Workspace&) = delete;
};

// The first usable entry of a perf list (heuristics' or Find's, best first): it succeeded and, when
// deterministic algorithms are asked for, is deterministic.
template <typename Perf>
int pick(const Perf* perf, int n, bool det, size_t* ws) {
    for (int i = 0; i < n; ++i)
        if (perf[i].status == CUDNN_STATUS_SUCCESS && (!det || perf[i].determinism == CUDNN_DETERMINISTIC)) {
            *ws = perf[i].memory;
            return int(perf[i].algo);
        }
    return -1;
}

// Benchmark mode's workspace for Find: the largest any heuristic candidate asks (at most 1 GiB).
template <typename Perf>
size_t find_workspace(const Perf* perf, int n) {
    size_t m = 0;
    for (int i = 0; i < n; ++i)
        if (perf[i].status == CUDNN_STATUS_SUCCESS) m = std::max(m, perf[i].memory);
    return std::min<size_t>(m, size_t(1) << 30);
}

constexpr int kMaxAlgos = 16;

// Chooses direction d's algorithm for plan p (buffers: the call's own, which Find may overwrite:
// they are the call's outputs or read-only inputs). Returns false when none is usable.
bool choose(Plan& p, Direction d, bool det, bool bench, const void* a0, const void* a1, void* out) {
    Api& a = api();
    cudnnHandle_t h = handle();
    int n = 0;
    size_t ws = 0;
    int algo = -1;
    const bool timed = bench && !cuda::recording();  // nothing may run while a CUDA graph records
    if (d == kForward) {
        cudnnConvolutionFwdAlgoPerf_t perf[kMaxAlgos];
        if (a.cudnnGetConvolutionForwardAlgorithm_v7(h, p.x, p.w, p.conv, p.y, kMaxAlgos, &n, perf) != CUDNN_STATUS_SUCCESS)
            return false;
        if (timed) {
            Workspace w(find_workspace(perf, n));
            if (a.cudnnFindConvolutionForwardAlgorithmEx(h, p.x, a0, p.w, a1, p.conv, p.y, out, kMaxAlgos, &n, perf, w.ptr,
                                                         w.bytes) != CUDNN_STATUS_SUCCESS)
                return false;
        }
        algo = pick(perf, n, det, &ws);
    } else if (d == kBackwardData) {
        cudnnConvolutionBwdDataAlgoPerf_t perf[kMaxAlgos];
        if (a.cudnnGetConvolutionBackwardDataAlgorithm_v7(h, p.w, p.y, p.conv, p.x, kMaxAlgos, &n, perf) != CUDNN_STATUS_SUCCESS)
            return false;
        if (timed) {
            Workspace w(find_workspace(perf, n));
            if (a.cudnnFindConvolutionBackwardDataAlgorithmEx(h, p.w, a1, p.y, a0, p.conv, p.x, out, kMaxAlgos, &n, perf,
                                                              w.ptr, w.bytes) != CUDNN_STATUS_SUCCESS)
                return false;
        }
        algo = pick(perf, n, det, &ws);
    } else {
        cudnnConvolutionBwdFilterAlgoPerf_t perf[kMaxAlgos];
        if (a.cudnnGetConvolutionBackwardFilterAlgorithm_v7(h, p.x, p.y, p.conv, p.w, kMaxAlgos, &n, perf) !=
            CUDNN_STATUS_SUCCESS)
            return false;
        if (timed) {
            Workspace w(find_workspace(perf, n));
            if (a.cudnnFindConvolutionBackwardFilterAlgorithmEx(h, p.x, a0, p.y, a1, p.conv, p.w, out, kMaxAlgos, &n, perf,
                                                                w.ptr, w.bytes) != CUDNN_STATUS_SUCCESS)
                return false;
        }
        algo = pick(perf, n, det, &ws);
    }
    if (algo < 0) return false;
    p.algo[d] = algo;
    p.workspace[d] = ws;
    return true;
}

std::mutex g_mutex;
std::map<Key, Plan>& plans() {
    static std::map<Key, Plan> m;
    return m;
}

// The plan of s with direction d's algorithm chosen, or nullptr where cuDNN is not used.
Plan* plan_for(const ConvShape& s, Direction d, const void* a0, const void* a1, void* out) {
    if (!g_enabled || !api().ok || !fits(s) || (s.spatial != 2 && s.spatial != 3)) return nullptr;
    const bool tf32 = cuda::conv_allow_tf32(), det = g_deterministic || g_deterministic_algorithms, bench = g_benchmark;
    std::lock_guard<std::mutex> lock(g_mutex);
    auto [it, fresh] = plans().try_emplace(key_of(s, tf32, det, bench));
    if (fresh) {
        try {
            it->second = make_plan(s, tf32);
        } catch (...) {
            plans().erase(it);
            throw;
        }
    }
    Plan& p = it->second;
    if (p.algo[d] == -2) return nullptr;  // no algorithm: remembered, Kiln's kernels run
    if (p.algo[d] == -1 && !choose(p, d, det, bench, a0, a1, out)) {
        p.algo[d] = -2;
        return nullptr;
    }
    return &p;
}

// alpha = 1, beta = 0 in the scaling type cuDNN reads for the data type (double for double).
struct Scaling {
    double d1 = 1.0, d0 = 0.0;
    float f1 = 1.0f, f0 = 0.0f;
    bool dbl;
    explicit Scaling(uint8_t dtype) : dbl(dtype == 5) {}
    const void* one() const { return dbl ? static_cast<const void*>(&d1) : &f1; }
    const void* zero() const { return dbl ? static_cast<const void*>(&d0) : &f0; }
};

}  // namespace

bool available() { return api().ok; }
int64_t version() { return api().ok ? int64_t(api().cudnnGetVersion()) : 0; }

bool forward(const ConvShape& s, const void* x, const void* w, void* y) {
    Plan* p = plan_for(s, kForward, x, w, y);
    if (!p) return false;
    Workspace ws(p->workspace[kForward]);
    const Scaling k(s.dtype);
    check(api().cudnnConvolutionForward(handle(), k.one(), p->x, x, p->w, w, p->conv,
                                        cudnnConvolutionFwdAlgo_t(p->algo[kForward]), ws.ptr, ws.bytes, k.zero(), p->y, y),
          "cudnnConvolutionForward");
    return true;
}

bool backward_data(const ConvShape& s, const void* gy, const void* w, void* gx) {
    Plan* p = plan_for(s, kBackwardData, gy, w, gx);
    if (!p) return false;
    Workspace ws(p->workspace[kBackwardData]);
    const Scaling k(s.dtype);
    check(api().cudnnConvolutionBackwardData(handle(), k.one(), p->w, w, p->y, gy, p->conv,
                                             cudnnConvolutionBwdDataAlgo_t(p->algo[kBackwardData]), ws.ptr, ws.bytes,
                                             k.zero(), p->x, gx),
          "cudnnConvolutionBackwardData");
    return true;
}

bool backward_filter(const ConvShape& s, const void* x, const void* gy, void* gw) {
    Plan* p = plan_for(s, kBackwardFilter, x, gy, gw);
    if (!p) return false;
    Workspace ws(p->workspace[kBackwardFilter]);
    const Scaling k(s.dtype);
    check(api().cudnnConvolutionBackwardFilter(handle(), k.one(), p->x, x, p->y, gy, p->conv,
                                               cudnnConvolutionBwdFilterAlgo_t(p->algo[kBackwardFilter]), ws.ptr, ws.bytes,
                                               k.zero(), p->w, gw),
          "cudnnConvolutionBackwardFilter");
    return true;
}

#endif  // KILN_HAVE_CUDNN_HEADER

}  // namespace kiln::cuda::cudnn
