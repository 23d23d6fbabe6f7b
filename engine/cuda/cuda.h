// engine/cuda: eager CUDA tensors. This header is the whole contract between the engine and the GPU.
//
// It holds no CUDA types, so every engine file can include it and the engine builds the same with or
// without the toolkit. With KILN_WITH_CUDA the functions live in runtime.cu (device, caching
// allocator, copies, cuBLAS) and kernels.cu (one kernel per eager op); without it, no_cuda.cpp
// answers is_available() == false and raises PyTorch's "Torch not compiled with CUDA enabled".
// ops.cpp turns Tensors into the raw descriptions below (pointers, dtypes, sizes and strides).
//
// Model, as PyTorch's eager CUDA: one device (cuda:0), one stream (the legacy default stream), so
// every kernel and copy runs in issue order and freed blocks can be reused at once; device-to-host
// copies wait for the stream. Every CUDA call is checked: a failure raises kiln::Error naming the
// call and CUDA's error string (RuntimeError: "CUDA error: ..."). Kernel launches are checked too;
// faults inside a kernel surface at the next synchronizing call, as in PyTorch.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace kiln::cuda {

// ---- device and memory (runtime.cu) ---------------------------------------------------------------
bool built();         // this build has the CUDA backend
bool is_available();  // built, a driver answers and at least one device exists
int device_count();
const char* device_name();  // "NVIDIA H100 80GB HBM3"; "" when unavailable
void synchronize();         // torch.cuda.synchronize(); reports pending kernel faults

// The caching device allocator: freed blocks are kept by size and handed out again (cudaMalloc and
// cudaFree synchronize the device, so an eager program that frees per op must not call them per op).
// allocate() raises "No CUDA GPUs are available" / PyTorch's no-driver message / out of memory.
void* allocate(size_t nbytes);
void release(void* p, size_t nbytes);
struct AllocatorStats {
    size_t bytes_in_use = 0, bytes_cached = 0, peak_bytes_in_use = 0;
};
AllocatorStats allocator_stats();
void reset_peak_stats();  // torch.cuda.reset_peak_memory_stats(): the peak restarts from what is in use now
void empty_cache();  // torch.cuda.empty_cache()

enum class CopyKind { HostToDevice, DeviceToHost, DeviceToDevice };
void memcpy(void* dst, const void* src, size_t nbytes, CopyKind kind);

// ---- streams and CUDA graphs (runtime.cu; mode="reduce-overhead") -------------------------------------
// Work runs on the legacy default stream, except while a graph is being recorded: then it goes to a
// side stream under stream capture (the legacy stream cannot be captured), and nothing executes.
// Allocations made while recording come from the graph's private pool and stay there until the
// graph is destroyed, so eager code can never be handed a block that a later replay writes (blocks
// freed while recording are reused only by the same recording, in the same order every replay).
struct Graph;  // cudaGraphExec_t + its pool; opaque here
// Records `work` into a graph. Throws kiln::Error naming what could not be recorded (a host<->device
// copy, a synchronization); the capture is then abandoned, its pool released, the stream restored.
std::shared_ptr<Graph> record_graph(const std::function<void()>& work);
void replay(const Graph& g);  // launches the whole graph on the default stream: one launch
bool recording();             // inside record_graph's work
// Device-to-device copy of n bytes on the current stream (recordable; no host wait).
void copy_async(void* dst, const void* src, size_t nbytes);

// torch.set_float32_matmul_precision: "highest" keeps fp32 GEMMs in fp32, "high"/"medium" allow TF32.
void set_allow_tf32(bool allow);
bool allow_tf32();
// torch.backends.cudnn.allow_tf32 (default true, as PyTorch's): whether convolutions' float32 GEMMs
// (Gemm::conv) may use TF32.
void set_conv_allow_tf32(bool allow);
bool conv_allow_tf32();

// ---- raw operand descriptions (ops.cpp builds them) ---------------------------------------------------
// dtype codes are kiln::DType's values (Bool, Int64, Float16, BFloat16, Float32, Float64); ops.cpp
// static_asserts that they agree.
constexpr int kMaxDims = 12;
// A Python scalar (a 0-dim CPU tensor) mixed into a CUDA op travels by value (`scalar`, `value`,
// already of the operand's dtype) instead of as a copy to the device, which would make the host
// wait for the GPU on every `x * 2`.
struct Param {
    double f = 0;
    int64_t i = 0;
    bool b = false;
};
struct Operand {
    void* data = nullptr;          // element [0, ...]
    uint8_t dtype = 0;
    int64_t strides[kMaxDims] = {};  // in elements; 0 on broadcast dims
    bool scalar = false;           // pointwise inputs only: read `value`, not `data`
    Param value;
};
// (Param: a Python scalar argument in every form a kernel may compute in; ops.cpp converts it as
// the CPU path does.)
struct Geometry {  // the output's iteration space, dims merged where every operand allows it
    int ndim = 0;
    int64_t sizes[kMaxDims] = {};
    int64_t numel = 0;
};

// ---- pointwise ops, one kernel per op, from ops/pointwise.def (kernels.cu) -------------------------------
#define KILN_UNARY_OP(name, grad_fn, kind, saves, expr, backward) name,
enum class Unary : int {
#include "ops/pointwise.def"
};
#define KILN_BINARY_OP(name, grad_fn, kind, expr) name,
enum class Binary : int {
#include "ops/pointwise.def"
};
#define KILN_TERNARY_OP(name, grad_fn, expr) name,
enum class Ternary : int {
#include "ops/pointwise.def"
};

// Inputs have the compute dtype; out has it too, or bool for comparisons and logic (out.dtype says).
void unary(Unary op, const Geometry& g, const Operand& out, const Operand& x, Param p0, Param p1);
void binary(Binary op, const Geometry& g, const Operand& out, const Operand& a, const Operand& b, Param alpha);
// a may be bool (where's condition) while b, c and out share a dtype.
void ternary(Ternary op, const Geometry& g, const Operand& out, const Operand& a, const Operand& b, const Operand& c,
             Param alpha);
// out = in converted to out's dtype (copy_, contiguous, .to(dtype)).
void copy(const Geometry& g, const Operand& out, const Operand& in);
// n contiguous elements of out = v.
void fill(void* out, uint8_t dtype, int64_t n, Param v);

// ---- indexing along one dim (kernels.cu) ------------------------------------------------------------------
// Over the geometry of an int64 index tensor (g, already merged), with `src`/`out` viewed over the
// index's sizes whose stride on the indexed dim is 0 and passed apart (dim_stride):
//   gather:      out[c] = src[c + index[c] * dim_stride]
//   scatter_add: out[c + index[c] * dim_stride] += src[c] (atomic; not for bool)
void gather(const Geometry& g, const Operand& out, const Operand& index, const Operand& src, int64_t dim_stride);
void scatter_add(const Geometry& g, const Operand& out, const Operand& index, const Operand& src, int64_t dim_stride);

// ---- reductions (kernels.cu) -------------------------------------------------------------------------------
// Output o reduces the row of input elements at base(o) + offsets over row dims; outputs are
// written contiguously. Output dims / row dims are listed outermost first with input strides.
struct ReduceGeometry {
    int out_ndim = 0, row_ndim = 0;
    int64_t out_sizes[kMaxDims] = {}, out_strides[kMaxDims] = {};
    int64_t row_sizes[kMaxDims] = {}, row_strides[kMaxDims] = {};
    int64_t n_out = 1, row_len = 1;
};
// Sum: out (dtype out_dtype: the input's floating dtype, else int64) = scale * sum of the row,
// accumulated in float (half/bfloat16/float32), double or int64.
void reduce_sum(const ReduceGeometry& g, const void* in, uint8_t in_dtype, void* out, uint8_t out_dtype, double scale);
// Max/min: values (input dtype) and/or indices (int64, first occurrence); NaN wins, as PyTorch.
void reduce_extreme(bool is_max, const ReduceGeometry& g, const void* in, uint8_t dtype, void* values, int64_t* indices);

// softmax / log_softmax over the middle dim of a contiguous [outer, n, inner] tensor (float dtypes).
void softmax(bool log, const void* in, void* out, uint8_t dtype, int64_t outer, int64_t n, int64_t inner);
// layer_norm over the last n elements of each of `rows` contiguous rows; weight/bias may be null.
// mean and rstd (float32, or float64 for float64 input; one per row) are written for backward.
void layer_norm(const void* in, const void* weight, const void* bias, void* out, void* mean, void* rstd, uint8_t dtype,
                int64_t rows, int64_t n, double eps);

// ---- fused attention (attention.cu) -------------------------------------------------------------------------------
// out = softmax(q @ k^T * scale + mask) @ v for q (B, H, L, D), k and v (B, H, S, D), without the
// (L, S) attention matrix in memory. Every operand is addressed by four element strides over those
// dims (the last, over D, must be 1: callers pass views whose rows are contiguous, such as heads
// sliced out of a (B, L, 3E) projection); the mask, when given, by four strides over (B, H, L, S)
// (0 for broadcast dims): bool (false masks out) or additive in the query's dtype. causal masks key
// j > query i (tril(ones(L, S))). float32, float16, bfloat16 (float32 arithmetic); D <= 128.
constexpr int64_t kAttentionMaxHeadDim = 128;
struct Attention {
    int64_t B = 0, H = 0, L = 0, S = 0, D = 0;
    const void* q = nullptr;
    const void* k = nullptr;
    const void* v = nullptr;
    void* out = nullptr;
    float* lse = nullptr;  // optional: each query row's logsumexp of its scaled scores, (B, H, L) float32
    int64_t q_strides[4] = {}, k_strides[4] = {}, v_strides[4] = {}, out_strides[4] = {};
    const void* mask = nullptr;
    bool mask_is_bool = false;
    int64_t mask_strides[4] = {};
    bool causal = false;
    double scale = 1.0;
    uint8_t dtype = 0;
};
// Whether attention() handles this dtype code and head dims (value's head dim equal to the query's).
bool attention_supported(uint8_t dtype, int64_t head_dim, int64_t value_dim);
void attention(const Attention& a);

// The gradients of attention() without a mask (or causal), float32, D <= 64 (attention.cu's
// backward kernels): dq, dk, dv from the output's gradient `grad`, the forward's output `out` (for
// D_i = rowsum(grad_i * out_i)) and its logsumexp per query row (`lse`, (B, H, L) contiguous, as
// attention() writes it), recomputing the probabilities tile by tile (nothing of size (L, S) in
// memory). Strides as in Attention, over (B, H, L or S, D), the last one 1. `scratch` holds
// B * H * L floats (each row's D_i, made by the prep kernel for the main one); dq is accumulated
// with atomics (zeroed by the prep kernel).
constexpr int64_t kAttentionBackwardMaxHeadDim = 64;
struct AttentionBackward {
    int64_t B = 0, H = 0, L = 0, S = 0, D = 0;
    const float *q = nullptr, *k = nullptr, *v = nullptr, *out = nullptr, *grad = nullptr, *lse = nullptr;
    float *dq = nullptr, *dk = nullptr, *dv = nullptr, *scratch = nullptr;
    int64_t q_strides[4] = {}, k_strides[4] = {}, v_strides[4] = {}, out_strides[4] = {}, grad_strides[4] = {};
    int64_t dq_strides[4] = {}, dk_strides[4] = {}, dv_strides[4] = {};
    bool causal = false;  // as Attention::causal: key j seen by query i when j <= i
    double scale = 1.0;
};
bool attention_backward_supported(uint8_t dtype, int64_t head_dim, int64_t value_dim);
void attention_backward(const AttentionBackward& a);

// ---- sliding windows (windows.cu) ---------------------------------------------------------------------------------
// The geometry of a 2-d window over (C, H, W) planes: kernel, stride, padding, dilation and the output size.
struct Window2d {
    int64_t C = 1, H = 0, W = 0, kh = 1, kw = 1, sh = 1, sw = 1, ph = 0, pw = 0, dh = 1, dw = 1, OH = 0, OW = 0;
};
// im2col of n contiguous (C, H, W) samples starting at `x` into `cols`, a row-major (C*kh*kw, n*OH*OW)
// matrix (row (c*kh + i)*kw + j, column s*OH*OW + oh*OW + ow; zeros where the window leaves the input).
void im2col(const void* x, void* cols, uint8_t dtype, const Window2d& w, int64_t n);
// Its adjoint: each element of the n samples at `x` (overwritten) is the sum of the cols entries that read it.
void col2im(const void* cols, void* x, uint8_t dtype, const Window2d& w, int64_t n);
// Max pooling of `planes` contiguous (H, W) planes (w.C unused): values and each output's flat index h*W + w
// (indices null: values only).
void max_pool2d(const void* x, void* y, int64_t* indices, uint8_t dtype, const Window2d& w, int64_t planes);
// The same over `samples` channels-last (H, W, C) samples (w.C channels): channels-last values and indices.
void max_pool2d_nhwc(const void* x, void* y, int64_t* indices, uint8_t dtype, const Window2d& w, int64_t samples);
// Its backward: gx (planes of `plane` elements, zeroed by the caller) gets each output's gradient (`per`
// a plane) added at the index it chose; indices outside the plane add nothing.
void max_pool2d_backward(const void* gy, const int64_t* indices, void* gx, uint8_t dtype, int64_t planes, int64_t plane,
                         int64_t per);

// ---- convolution as an implicit GEMM (conv_igemm.cu) --------------------------------------------------------------
// float32 NCHW convolutions on the tensor cores in TF32 without an im2col buffer. Each returns false
// (nothing launched) where the problem's indices do not all fit in 32 bits; the caller then runs im2col + GEMM.
// y (N, Cout, OH, OW) = conv(x (N, C, H, W), w (Cout, C/groups, kh, kw)) + bias (null: none).
bool conv2d_igemm_forward(const float* x, const float* w, const float* bias, float* y, const Window2d& win, int64_t N,
                          int64_t Cout, int64_t groups);
// How many column splits conv2d_igemm_weight_grad reduces separately (its `partials` buffer holds
// splits * Cout * (C/groups)*kh*kw floats when above 1); 0 where it cannot run.
int64_t conv2d_igemm_weight_grad_splits(const Window2d& win, int64_t N, int64_t Cout, int64_t groups);
// gw (Cout, C/groups, kh, kw) = the weight gradient of that convolution for the output gradient gy (overwritten).
bool conv2d_igemm_weight_grad(const float* x, const float* gy, float* gw, float* partials, int64_t splits,
                              const Window2d& win, int64_t N, int64_t Cout, int64_t groups);

// ---- random numbers (random.cu) ---------------------------------------------------------------------------
// The CUDA generator is counter-based, as PyTorch's: Philox4x32-10 keyed by the seed, so a draw is a
// pure function of (seed, offset, element) and needs no state on the device. Element group g of a
// call (4 elements, or 2 where each needs 64 random bits) takes the four 32-bit words of
// philox(counter = (g, offset), key = seed); each call advances the generator's offset (ops/random.cpp).
// `state`, when set, is a device pair [seed, offset base] read when the kernel runs, and `offset` is
// added to its base: a call recorded into a CUDA graph then draws fresh numbers at every replay
// (the replay writes the generator's current seed and offset there first, as PyTorch's graph-safe
// Philox does).
struct Philox {
    uint64_t seed = 0, offset = 0;
    const uint64_t* state = nullptr;
};
enum class RandomKind : uint8_t {
    Uniform,          // U[a, b) (floating outputs)
    Normal,           // N(a, b^2) by Box-Muller (floating outputs)
    Bernoulli,        // 1 where U[0,1) < a, else 0 (any output dtype)
    BernoulliTensor,  // 1 where U[0,1) < p[i]: p contiguous, one per element, float32 or float64 (p_dtype)
    Exponential,      // -log(1 - U[0,1)) / a (floating outputs)
    Range,            // lo + (random bits mod range): random_, randint (range 0 stands for 2^64)
};
struct RandomFill {
    RandomKind kind = RandomKind::Uniform;
    double a = 0, b = 1;
    int64_t lo = 0;
    uint64_t range = 1;
    const void* p = nullptr;
    uint8_t p_dtype = 4;
};
// n contiguous elements of `out` (dtype code) drawn by `fill` from `philox`.
void random_fill(void* out, uint8_t dtype, int64_t n, const RandomFill& fill, const Philox& philox);
// While a graph records: the Philox of a call that advances the offset by `increment` (its state
// points at the graph's [seed, offset] pair). After recording: the graph's total increment, and the
// pair a replay must see (call before cuda::replay; queued on the stream, so in order).
Philox graph_philox(uint64_t increment);
uint64_t graph_rng_increment(const Graph& g);
void set_graph_rng(const Graph& g, uint64_t seed, uint64_t offset);

// ---- matrix products through cuBLAS (runtime.cu) ----------------------------------------------------------------
// Row-major C[b] = alpha * A[b] @ B[b] + beta * C[b] for b < batch (beta == 0: C only written), A m x k, B k x n, C m x n, each matrix addressed by
// its row stride (ld*) and transposition flag (the matrix is stored transposed, i.e. column-major);
// batch strides in elements. float32 (TF32 when allowed), float64, float16 and bfloat16 (float32
// accumulation).
struct Gemm {
    int64_t m = 0, n = 0, k = 0, batch = 1;
    const void* a = nullptr;
    const void* b = nullptr;
    void* c = nullptr;
    bool trans_a = false, trans_b = false;
    int64_t lda = 0, ldb = 0, ldc = 0;
    int64_t stride_a = 0, stride_b = 0, stride_c = 0;
    uint8_t dtype = 0;
    double alpha = 1.0, beta = 0.0;
    bool conv = false;  // a convolution's GEMM: TF32 follows conv_allow_tf32(), not allow_tf32()
};
void gemm(const Gemm& g);
// The same for one matrix (batch 1, alpha 1, beta 0) plus a bias vector of n elements (the dtype's)
// added to every row, in cuBLASLt's epilogue: addmm's and linear's bias costs no extra pass over C
// (PyTorch's addmm does the same). float32 (TF32 when allowed), float16, bfloat16; false (nothing
// done) where cuBLASLt has no algorithm for the shapes, so the caller takes the general path.
bool gemm_bias(const Gemm& g, const void* bias);

// ---- benchmarking and GEMM autotuning (runtime.cu; mode="max-autotune") ---------------------------
// The GPU time, in ms, of the work `fn` queues on the current stream: one untimed call (warm-up),
// then `reps` calls, each between two CUDA events and each after a 64 MiB device memset that
// evicts the L2 cache (as Triton's do_bench does) and keeps the GPU busy while the host queues the
// next call, so host launch overhead is not timed. Returns the median; waits for the GPU. Raises
// while a CUDA graph records (nothing runs then).
double benchmark_ms(const std::function<void()>& fn, int reps = 7);

// While GEMM autotuning is on (the GPU autotuner turns it on for the first call of a compiled
// plan), gemm() and gemm_bias() on a problem not seen before time their candidates on a scratch
// copy of C: cuBLAS's default algorithm (gemm only) and the first kGemmLtChoices algorithms
// cuBLASLt's heuristic proposes; the fastest is remembered in a process-wide table and then runs
// on the real C. A problem is its sizes, transpositions, leading dims, batch strides, dtype, TF32
// setting, whether C is read (beta != 0) or a bias is added, and the operands' address alignment.
// Every later gemm()/gemm_bias() of a tabled problem runs its winner, tuning on or off (compiled
// plans and eager matmuls alike); untabled problems run as without autotuning.
constexpr int kGemmLtChoices = 4;
void set_gemm_autotune(bool on);
struct GemmChoiceTime {
    std::string name;    // "cublas_default", "cublaslt_heuristic_0", ...
    double ms = 0;
    std::string detail;  // a cuBLASLt algorithm's config: "algo=66 tile=20 split_k=1"
};
struct GemmTuning {
    std::string title;                   // "mm(64x32, 32x128, float32)"
    std::vector<GemmChoiceTime> choices;  // fastest first
    double seconds = 0;                  // benchmarking time
};
// The tunings made since the last call (the autotuner prints them as AUTOTUNE tables).
std::vector<GemmTuning> take_gemm_tunings();
int gemm_table_size();     // problems tuned so far in this process
void clear_gemm_table();   // forget them (tests)

}  // namespace kiln::cuda
