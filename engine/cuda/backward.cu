// Fused backward kernels (declared in cuda/backward.h): GELU's gradient in one pass over (g, x), and
// layer_norm's input gradient in one block per row (its two row means and the output in one kernel),
// computed in float for the half types and float32, in double for float64. The formulas are the ones
// ops/pointwise.cpp and ops/normalization.cpp write with ops for the CPU and for double backward.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <type_traits>

#include "cuda/backward.h"
#include "cuda/check.h"
#include "cuda/scalar.cuh"
#include "cuda/stream.h"

namespace kiln::cuda {

namespace {

constexpr int kThreads = 256;

template <typename T>
__global__ void gelu_backward_kernel(const T* g, const T* x, T* out, int64_t n, bool tanh_form) {
    using C = compute_of<T>;
    for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += int64_t(gridDim.x) * blockDim.x) {
        const C v = load<C>(x[i]), gi = load<C>(g[i]);
        C d;
        if (!tanh_form) {
            // d/dx x*Phi(x) = Phi(x) + x*phi(x)
            const C cdf = (erf(v * C(0.70710678118654752440)) + C(1)) * C(0.5);
            const C pdf = exp(v * v * C(-0.5)) * C(0.39894228040143267794);
            d = cdf + v * pdf;
        } else {
            const C k = C(0.79788456080286535588), c = C(0.044715);
            const C x2 = v * v;
            const C t = tanh((v + x2 * v * c) * k);
            d = (t + C(1)) * C(0.5) + v * C(0.5) * (C(1) - t * t) * ((x2 * C(3) * c + C(1)) * k);
        }
        out[i] = store<T>(gi * d);
    }
}

template <typename T>
__global__ void layer_norm_backward_kernel(const T* g, const T* x, const compute_of<T>* mean, const compute_of<T>* rstd,
                                           const T* w, T* dx, T* gxhat, int64_t M, int64_t N) {
    using C = std::conditional_t<std::is_same_v<T, double>, double, float>;
    __shared__ C shared[kThreads];
    for (int64_t row = blockIdx.x; row < M; row += gridDim.x) {
        const T* gr = g + row * N;
        const T* xr = x + row * N;
        const C mu = C(mean[row]), rs = C(rstd[row]);
        C a = 0, b = 0;
        for (int64_t j = threadIdx.x; j < N; j += blockDim.x) {
            const C gw = load<C>(gr[j]) * (w ? load<C>(w[j]) : C(1));
            a += gw;
            b += gw * ((load<C>(xr[j]) - mu) * rs);
        }
        const C mean_gw = block_sum(a, shared) / C(N);
        const C mean_gwx = block_sum(b, shared) / C(N);
        for (int64_t j = threadIdx.x; j < N; j += blockDim.x) {
            const C gj = load<C>(gr[j]);
            const C gw = gj * (w ? load<C>(w[j]) : C(1));
            const C xh = (load<C>(xr[j]) - mu) * rs;
            dx[row * N + j] = store<T>((gw - mean_gw - xh * mean_gwx) * rs);
            if (gxhat) gxhat[row * N + j] = store<T>(gj * xh);
        }
    }
}

}  // namespace

void gelu_backward(const void* g, const void* x, void* out, uint8_t dtype, int64_t n, bool tanh_form) {
    if (n == 0) return;
    const int64_t b = (n + kThreads - 1) / kThreads;
    const unsigned blocks = unsigned(b < 65535 * 64 ? b : 65535 * 64);
    dispatch_floating(dtype, [&](auto* tag) {
        using T = std::remove_pointer_t<decltype(tag)>;
        gelu_backward_kernel<T><<<blocks, kThreads, 0, current_stream()>>>(static_cast<const T*>(g), static_cast<const T*>(x),
                                                                          static_cast<T*>(out), n, tanh_form);
    });
    KILN_CUDA_CHECK(cudaGetLastError());
}

void layer_norm_backward(const void* g, const void* x, const void* mean, const void* rstd, const void* w, void* dx,
                         void* gxhat, uint8_t dtype, int64_t M, int64_t N) {
    if (M == 0 || N == 0) return;
    int threads = 32;
    while (threads < kThreads && threads < N) threads <<= 1;
    const unsigned blocks = unsigned(M < (int64_t(1) << 20) ? M : (int64_t(1) << 20));
    dispatch_floating(dtype, [&](auto* tag) {
        using T = std::remove_pointer_t<decltype(tag)>;
        using C = compute_of<T>;
        layer_norm_backward_kernel<T><<<blocks, threads, 0, current_stream()>>>(
            static_cast<const T*>(g), static_cast<const T*>(x), static_cast<const C*>(mean), static_cast<const C*>(rstd),
            static_cast<const T*>(w), static_cast<T*>(dx), static_cast<T*>(gxhat), M, N);
    });
    KILN_CUDA_CHECK(cudaGetLastError());
}

}  // namespace kiln::cuda
