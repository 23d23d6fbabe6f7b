// BatchNorm's CUDA kernels (declared in cuda/batch_norm.h), in three steps each way:
//   1. channel_sums_kernel: two sums per channel over its N * inner values, the blocks of grid
//      (C, parts) each over a range of the batch, in double (forward: x - x[0, c, 0] and its square,
//      shifted so that a large mean does not cancel; backward: g and (x - mean) * g);
//   2. a kernel of one thread per channel folds the parts in a fixed order (deterministic) into the
//      statistics, the running averages and the coefficients of step 3;
//   3. one pass over the tensor: y = (x - mean) * a + b (forward), dx = (g - mg - (x - mean) * k) * a
//      (backward), the channel of element e being (e / inner) % C.
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "cuda/batch_norm.h"
#include "cuda/check.h"
#include "cuda/cuda.h"
#include "cuda/scalar.cuh"
#include "cuda/stream.h"
#include "support/error.h"

namespace kiln::cuda {

namespace {

constexpr int kThreads = 256;
constexpr int64_t kBusyBlocks = 528;   // blocks of step 1 that keep an H100/H200 busy (4 per SM)
constexpr int64_t kMinPartValues = 4096;  // values per block of step 1, at least

// The two sums of step 1: forward (Backward false): x - shift[c] and its square; backward: g and (x - mean[c]) * g.
template <typename T, bool Backward, typename I>
__global__ void channel_sums_kernel(const T* x, const T* g, const T* mean, int64_t C, I inner, I part_rows, I N,
                                    double2* partial) {
    __shared__ double shared[32];
    const int64_t c = blockIdx.x;
    const I n0 = I(blockIdx.y) * part_rows;
    const I n1 = n0 + part_rows < N ? n0 + part_rows : N;
    const I count = (n1 - n0) * inner;
    const double m = Backward ? double(mean[c]) : double(x[c * int64_t(inner)]);  // shift: x[0, c, 0]
    double s1 = 0, s2 = 0;
    for (I e = threadIdx.x; e < count; e += blockDim.x) {
        const I n = n0 + e / inner, i = e % inner;
        const int64_t at = (int64_t(n) * C + c) * int64_t(inner) + int64_t(i);
        const double d = double(x[at]) - m;
        if (Backward) {
            const double gv = double(g[at]);
            s1 += gv;
            s2 += d * gv;
        } else {
            s1 += d;
            s2 += d * d;
        }
    }
    s1 = block_sum(s1, shared);
    s2 = block_sum(s2, shared);
    if (threadIdx.x == 0) partial[c * gridDim.y + blockIdx.y] = make_double2(s1, s2);
}

// Step 2, forward: statistics, running averages, and y = (x - mean) * a + b's a and b.
template <typename T>
__global__ void forward_coefficients_kernel(const T* x, const double2* partial, int64_t parts, int64_t C, int64_t inner,
                                            int64_t M, const T* w, const T* b, T* save_mean, T* save_invstd,
                                            T* running_mean, T* running_var, bool training, double momentum, double eps,
                                            T* coef_a, T* coef_b) {
    const int64_t c = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (c >= C) return;
    double mu, invstd;
    if (training) {
        double s1 = 0, s2 = 0;
        for (int64_t p = 0; p < parts; ++p) {
            s1 += partial[c * parts + p].x;
            s2 += partial[c * parts + p].y;
        }
        // an empty batch normalizes nothing: mean 0 and variance 0 as on the CPU (the running variance gets NaN)
        const double shift = M > 0 ? double(x[c * inner]) : 0.0;
        const double dm = M > 0 ? s1 / double(M) : 0.0;
        const double ss = fmax(s2 - s1 * dm, 0.0);  // sum of squared deviations from the mean
        mu = shift + dm;
        invstd = 1.0 / sqrt((M > 0 ? ss / double(M) : 0.0) + eps);
        if (running_mean) running_mean[c] = T((1 - momentum) * double(running_mean[c]) + momentum * mu);
        if (running_var)
            running_var[c] = T((1 - momentum) * double(running_var[c]) + momentum * (M > 1 ? ss / double(M - 1) : NAN));
    } else {
        mu = double(running_mean[c]);
        invstd = 1.0 / sqrt(double(running_var[c]) + eps);
    }
    save_mean[c] = T(mu);
    save_invstd[c] = T(invstd);
    coef_a[c] = T(invstd * (w ? double(w[c]) : 1.0));
    coef_b[c] = T(b ? double(b[c]) : 0.0);
}

// Step 2, backward: the weight's and bias's gradients and dx's per-channel a, mg, k.
template <typename T>
__global__ void backward_coefficients_kernel(const double2* partial, int64_t parts, int64_t C, int64_t M, const T* w,
                                             const T* invstd, bool training, T* dweight, T* dbias, T* coef_a, T* coef_mg,
                                             T* coef_k) {
    const int64_t c = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (c >= C) return;
    double sum_g = 0, dot = 0;
    for (int64_t p = 0; p < parts; ++p) {
        sum_g += partial[c * parts + p].x;
        dot += partial[c * parts + p].y;
    }
    const double is = double(invstd[c]);
    if (dweight) dweight[c] = T(dot * is);
    if (dbias) dbias[c] = T(sum_g);
    coef_a[c] = T(is * (w ? double(w[c]) : 1.0));
    coef_mg[c] = T(training && M > 0 ? sum_g / double(M) : 0.0);
    coef_k[c] = T(training && M > 0 ? dot * is * is / double(M) : 0.0);
}

// Step 3: forward y = (x - mean) * a + b; backward (g non-null) dx = (g - mg - (x - mean) * k) * a,
// ATen's order ((x - mean) first, so that a large mean cancels exactly).
template <typename T, typename I>
__global__ void apply_kernel(const T* x, const T* g, const T* mean, const T* a, const T* b_or_mg, const T* k, T* out,
                             I numel, I inner, I C) {
    for (I e = I(blockIdx.x) * blockDim.x + threadIdx.x; e < numel; e += I(gridDim.x) * blockDim.x) {
        const I c = (e / inner) % C;
        const T xc = x[e] - mean[c];
        out[e] = g ? (g[e] - b_or_mg[c] - xc * k[c]) * a[c] : xc * a[c] + b_or_mg[c];
    }
}

// Parts of the batch per channel for step 1: enough blocks for the GPU, each over >= kMinPartValues.
int64_t part_rows_for(int64_t N, int64_t C, int64_t inner) {
    int64_t parts = std::max<int64_t>(1, (kBusyBlocks + C - 1) / C);
    parts = std::min<int64_t>({parts, std::max<int64_t>(1, N * inner / kMinPartValues), N, 65535});
    return (N + parts - 1) / parts;
}

int apply_blocks(int64_t numel) { return int(std::min<int64_t>((numel + kThreads - 1) / kThreads, int64_t(1) << 20)); }

// Step 1 for either direction; returns the partial sums (the caller releases `bytes` of them).
template <typename T, bool Backward>
double2* channel_sums(const T* x, const T* g, const T* mean, int64_t N, int64_t C, int64_t inner, int64_t* parts_out,
                      size_t* bytes) {
    const int64_t part_rows = part_rows_for(N, C, inner);
    const int64_t parts = (N + part_rows - 1) / part_rows;
    *parts_out = parts;
    *bytes = size_t(C * parts) * sizeof(double2);
    double2* partial = static_cast<double2*>(allocate(*bytes));
    const dim3 grid{unsigned(C), unsigned(parts)};
    if (N * inner < (int64_t(1) << 31))
        channel_sums_kernel<T, Backward, uint32_t><<<grid, kThreads, 0, current_stream()>>>(
            x, g, mean, C, uint32_t(inner), uint32_t(part_rows), uint32_t(N), partial);
    else
        channel_sums_kernel<T, Backward, uint64_t><<<grid, kThreads, 0, current_stream()>>>(
            x, g, mean, C, uint64_t(inner), uint64_t(part_rows), uint64_t(N), partial);
    KILN_CUDA_CHECK(cudaGetLastError());
    return partial;
}

template <typename T>
void apply(const T* x, const T* g, const T* mean, const T* a, const T* b_or_mg, const T* k, T* out, int64_t numel,
           int64_t inner, int64_t C) {
    if (numel < (int64_t(1) << 32))
        apply_kernel<T, uint32_t><<<apply_blocks(numel), kThreads, 0, current_stream()>>>(
            x, g, mean, a, b_or_mg, k, out, uint32_t(numel), uint32_t(inner), uint32_t(C));
    else
        apply_kernel<T, uint64_t><<<apply_blocks(numel), kThreads, 0, current_stream()>>>(
            x, g, mean, a, b_or_mg, k, out, uint64_t(numel), uint64_t(inner), uint64_t(C));
    KILN_CUDA_CHECK(cudaGetLastError());
}

template <typename F>
void dispatch_compute(uint8_t dtype, F&& f) {
    if (dtype == 4) f((float*)nullptr);
    else if (dtype == 5) f((double*)nullptr);
    else KILN_FAIL(RuntimeError, "internal: CUDA batch_norm of dtype code ", int(dtype), " (float32/float64 expected)");
}

}  // namespace

void batch_norm_forward(const BatchNormForward& a) {
    if (a.C == 0) return;
    const int64_t M = a.N * a.inner, numel = M * a.C;
    dispatch_compute(a.dtype, [&](auto* tag) {
        using T = std::remove_pointer_t<decltype(tag)>;
        const T* x = static_cast<const T*>(a.x);
        int64_t parts = 0;
        size_t partial_bytes = 0;
        double2* partial = nullptr;
        if (a.training && M > 0) partial = channel_sums<T, false>(x, nullptr, nullptr, a.N, a.C, a.inner, &parts, &partial_bytes);
        const size_t coef_bytes = size_t(2 * a.C) * sizeof(T);
        T* coef = static_cast<T*>(allocate(coef_bytes));
        forward_coefficients_kernel<T><<<unsigned((a.C + kThreads - 1) / kThreads), kThreads, 0, current_stream()>>>(
            x, partial, parts, a.C, a.inner, M, static_cast<const T*>(a.weight), static_cast<const T*>(a.bias),
            static_cast<T*>(a.save_mean), static_cast<T*>(a.save_invstd), static_cast<T*>(a.running_mean),
            static_cast<T*>(a.running_var), a.training, a.momentum, a.eps, coef, coef + a.C);
        KILN_CUDA_CHECK(cudaGetLastError());
        if (numel > 0)
            apply<T>(x, nullptr, static_cast<const T*>(a.save_mean), coef, coef + a.C, nullptr, static_cast<T*>(a.out),
                     numel, a.inner, a.C);
        release(coef, coef_bytes);  // one stream: the next user of these blocks runs after these kernels
        if (partial) release(partial, partial_bytes);
    });
}

void batch_norm_backward(const BatchNormBackward& a) {
    if (a.C == 0) return;
    const int64_t M = a.N * a.inner, numel = M * a.C;
    dispatch_compute(a.dtype, [&](auto* tag) {
        using T = std::remove_pointer_t<decltype(tag)>;
        const T* x = static_cast<const T*>(a.x);
        const T* g = static_cast<const T*>(a.grad);
        const T* mean = static_cast<const T*>(a.mean);
        int64_t parts = 0;
        size_t partial_bytes = 0;
        double2* partial = nullptr;
        const bool need_sums = (a.training && a.dx) || a.dweight || a.dbias;
        if (need_sums && M > 0) partial = channel_sums<T, true>(x, g, mean, a.N, a.C, a.inner, &parts, &partial_bytes);
        const size_t coef_bytes = size_t(3 * a.C) * sizeof(T);
        T* coef = static_cast<T*>(allocate(coef_bytes));
        backward_coefficients_kernel<T><<<unsigned((a.C + kThreads - 1) / kThreads), kThreads, 0, current_stream()>>>(
            partial, parts, a.C, M, static_cast<const T*>(a.weight), static_cast<const T*>(a.invstd), a.training,
            static_cast<T*>(a.dweight), static_cast<T*>(a.dbias), coef, coef + a.C, coef + 2 * a.C);
        KILN_CUDA_CHECK(cudaGetLastError());
        if (a.dx && numel > 0) apply<T>(x, g, mean, coef, coef + a.C, coef + 2 * a.C, static_cast<T*>(a.dx), numel, a.inner, a.C);
        release(coef, coef_bytes);
        if (partial) release(partial, partial_bytes);
    });
}

}  // namespace kiln::cuda
