// nll_loss's CUDA kernels (declared in cuda/nll_loss.h): the reduced forward in one block (per-thread
// partial sums in double, folded in a fixed order: deterministic, and the CPU's accumulation type),
// the unreduced forward and the backward one thread per sample. A target outside [0, C) that is not
// ignore_index is skipped and recorded in cuda/index_check.h's flag.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "cuda/check.h"
#include "cuda/index_check.h"
#include "cuda/nll_loss.h"
#include "cuda/scalar.cuh"
#include "cuda/stream.h"
#include "support/error.h"

namespace kiln::cuda {

namespace {

constexpr int kThreads = 256;
constexpr int kReduceThreads = 1024;

// The class of sample k (-1: ignored or out of range, the latter recorded).
__device__ int64_t kept_class(const int64_t* target, int64_t k, int64_t C, int64_t ignore_index, int* err) {
    const int64_t t = target[k];
    if (t == ignore_index) return -1;
    if (t < 0 || t >= C) {
        atomicExch(err, 1);
        return -1;
    }
    return t;
}

template <typename T>
__global__ void nll_none_kernel(const T* x, const int64_t* target, const T* w, T* out, int64_t N, int64_t C, int64_t S,
                                int64_t ignore_index, int* err) {
    for (int64_t k = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; k < N * S; k += int64_t(gridDim.x) * blockDim.x) {
        const int64_t t = kept_class(target, k, C, ignore_index, err);
        const int64_t n = k / S, s = k % S;
        out[k] = t < 0 ? T(0) : T(-(w ? double(w[t]) : 1.0) * double(x[(n * C + t) * S + s]));
    }
}

template <typename T>
__global__ void nll_reduce_kernel(const T* x, const int64_t* target, const T* w, T* out, T* total_weight, int64_t N,
                                  int64_t C, int64_t S, int64_t ignore_index, bool mean, int* err) {
    __shared__ double shared[32];
    double loss = 0, total = 0;
    for (int64_t k = threadIdx.x; k < N * S; k += blockDim.x) {
        const int64_t t = kept_class(target, k, C, ignore_index, err);
        if (t < 0) continue;
        const double wt = w ? double(w[t]) : 1.0;
        const int64_t n = k / S, s = k % S;
        loss -= wt * double(x[(n * C + t) * S + s]);
        total += wt;
    }
    loss = block_sum(loss, shared);
    total = block_sum(total, shared);
    if (threadIdx.x == 0) {
        *total_weight = T(total);
        *out = T(mean ? loss / total : loss);  // 0 / 0 = nan when every target is ignored, as PyTorch
    }
}

template <typename T>
__global__ void nll_backward_kernel(const T* g, const int64_t* target, const T* w, const T* total_weight, T* gi,
                                    int64_t N, int64_t C, int64_t S, int64_t ignore_index, int reduction, int* err) {
    for (int64_t k = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; k < N * S; k += int64_t(gridDim.x) * blockDim.x) {
        const int64_t t = kept_class(target, k, C, ignore_index, err);
        if (t < 0) continue;
        const double wt = w ? double(w[t]) : 1.0;
        if (wt == 0) continue;
        // the coefficient rounded to T before it meets the gradient, as the CPU kernel
        const T coef = T(-wt * (reduction == 1 ? 1.0 / double(*total_weight) : 1.0));
        const int64_t n = k / S, s = k % S;
        gi[(n * C + t) * S + s] = coef * g[reduction == 0 ? k : 0];
    }
}

int blocks_for(int64_t n) { return int(std::max<int64_t>(1, std::min<int64_t>((n + kThreads - 1) / kThreads, 1 << 16))); }

template <typename F>
void dispatch_compute(uint8_t dtype, F&& f) {
    if (dtype == 4) f((float*)nullptr);
    else if (dtype == 5) f((double*)nullptr);
    else KILN_FAIL(RuntimeError, "internal: CUDA nll_loss of dtype code ", int(dtype), " (float32/float64 expected)");
}

}  // namespace

void nll_loss_forward(const NllLoss& a, void* out, void* total_weight) {
    int* err = index_error_flag("aten::nll_loss_forward");
    dispatch_compute(a.dtype, [&](auto* tag) {
        using T = std::remove_pointer_t<decltype(tag)>;
        const T* x = static_cast<const T*>(a.input);
        const T* w = static_cast<const T*>(a.weight);
        if (a.reduction == 0) {
            if (a.N * a.S > 0)
                nll_none_kernel<T><<<blocks_for(a.N * a.S), kThreads, 0, current_stream()>>>(
                    x, a.target, w, static_cast<T*>(out), a.N, a.C, a.S, a.ignore_index, err);
        } else {
            nll_reduce_kernel<T><<<1, kReduceThreads, 0, current_stream()>>>(x, a.target, w, static_cast<T*>(out),
                                                                            static_cast<T*>(total_weight), a.N, a.C, a.S,
                                                                            a.ignore_index, a.reduction == 1, err);
        }
        KILN_CUDA_CHECK(cudaGetLastError());
    });
}

void nll_loss_backward(const NllLoss& a, const void* grad, const void* total_weight, void* grad_input) {
    int* err = index_error_flag("aten::nll_loss_backward");
    dispatch_compute(a.dtype, [&](auto* tag) {
        using T = std::remove_pointer_t<decltype(tag)>;
        const int64_t numel = a.N * a.C * a.S;
        if (numel == 0) return;
        KILN_CUDA_CHECK(cudaMemsetAsync(grad_input, 0, size_t(numel) * sizeof(T), current_stream()));
        nll_backward_kernel<T><<<blocks_for(a.N * a.S), kThreads, 0, current_stream()>>>(
            static_cast<const T*>(grad), a.target, static_cast<const T*>(a.weight), static_cast<const T*>(total_weight),
            static_cast<T*>(grad_input), a.N, a.C, a.S, a.ignore_index, a.reduction, err);
        KILN_CUDA_CHECK(cudaGetLastError());
    });
}

}  // namespace kiln::cuda
