// The LSTM cell's pointwise work on the GPU, forward and backward (declared in cuda/rnn.h): one launch
// per time step each way, where the cell written with separate ops (add, chunk, three sigmoids, two
// tanh, three multiplies, an add) launches a dozen kernels forward and more backward. This is the
// fused cell PyTorch's CUDA backend has beside cuDNN (_thnn_fused_lstm_cell): the same arithmetic in
// float for the half types, one thread per (row, hidden unit).
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <type_traits>

#include "cuda/check.h"
#include "cuda/rnn.h"
#include "cuda/scalar.cuh"
#include "cuda/stream.h"

namespace kiln::cuda {

namespace {

constexpr int kThreads = 256;

unsigned blocks_for(int64_t n) { return unsigned((n + kThreads - 1) / kThreads); }

template <typename C>
__device__ inline C sigmoid(C x) {
    return C(1) / (C(1) + exp(-x));
}

template <typename T>
__global__ void lstm_forward_kernel(const T* xw, const T* hw, const T* b_hh, const T* c_prev, T* h, T* c, T* act,
                                    int64_t B, int64_t H) {
    using C = compute_of<T>;
    const int64_t n = B * H;
    for (int64_t idx = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; idx < n; idx += int64_t(gridDim.x) * blockDim.x) {
        const int64_t b = idx / H, j = idx - b * H, row = b * 4 * H;
        C pre[4];
        for (int k = 0; k < 4; ++k) {
            const int64_t at = row + k * H + j;
            pre[k] = load<C>(xw[at]) + load<C>(hw[at]);
            if (b_hh) pre[k] += load<C>(b_hh[k * H + j]);
        }
        const C i = sigmoid(pre[0]), f = sigmoid(pre[1]), g = tanh(pre[2]), o = sigmoid(pre[3]);
        const C cn = f * load<C>(c_prev[idx]) + i * g;
        c[idx] = store<T>(cn);
        h[idx] = store<T>(o * tanh(cn));
        act[row + j] = store<T>(i);
        act[row + H + j] = store<T>(f);
        act[row + 2 * H + j] = store<T>(g);
        act[row + 3 * H + j] = store<T>(o);
    }
}

template <typename T>
__global__ void lstm_backward_kernel(const T* act, const T* c, const T* c_prev, const T* dh_rec, const T* dy, T* dc,
                                     T* dgates, int64_t B, int64_t H) {
    using C = compute_of<T>;
    const int64_t n = B * H;
    for (int64_t idx = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; idx < n; idx += int64_t(gridDim.x) * blockDim.x) {
        const int64_t b = idx / H, j = idx - b * H, row = b * 4 * H;
        const C i = load<C>(act[row + j]), f = load<C>(act[row + H + j]), g = load<C>(act[row + 2 * H + j]),
                o = load<C>(act[row + 3 * H + j]);
        C dh = load<C>(dh_rec[idx]);
        if (dy) dh += load<C>(dy[idx]);
        const C tc = tanh(load<C>(c[idx]));
        const C dcn = load<C>(dc[idx]) + dh * o * (C(1) - tc * tc);
        dgates[row + j] = store<T>(dcn * g * i * (C(1) - i));
        dgates[row + H + j] = store<T>(dcn * load<C>(c_prev[idx]) * f * (C(1) - f));
        dgates[row + 2 * H + j] = store<T>(dcn * i * (C(1) - g * g));
        dgates[row + 3 * H + j] = store<T>(dh * tc * o * (C(1) - o));
        dc[idx] = store<T>(dcn * f);
    }
}

}  // namespace

void lstm_cell_forward(const void* xw, const void* hw, const void* b_hh, const void* c_prev, void* h, void* c, void* act,
                       uint8_t dtype, int64_t B, int64_t H) {
    if (B * H == 0) return;
    dispatch_floating(dtype, [&](auto* tag) {
        using T = std::remove_pointer_t<decltype(tag)>;
        lstm_forward_kernel<T><<<blocks_for(B * H), kThreads, 0, current_stream()>>>(
            static_cast<const T*>(xw), static_cast<const T*>(hw), static_cast<const T*>(b_hh),
            static_cast<const T*>(c_prev), static_cast<T*>(h), static_cast<T*>(c), static_cast<T*>(act), B, H);
    });
    KILN_CUDA_CHECK(cudaGetLastError());
}

void lstm_cell_backward(const void* act, const void* c, const void* c_prev, const void* dh_rec, const void* dy, void* dc,
                        void* dgates, uint8_t dtype, int64_t B, int64_t H) {
    if (B * H == 0) return;
    dispatch_floating(dtype, [&](auto* tag) {
        using T = std::remove_pointer_t<decltype(tag)>;
        lstm_backward_kernel<T><<<blocks_for(B * H), kThreads, 0, current_stream()>>>(
            static_cast<const T*>(act), static_cast<const T*>(c), static_cast<const T*>(c_prev),
            static_cast<const T*>(dh_rec), static_cast<const T*>(dy), static_cast<T*>(dc), static_cast<T*>(dgates), B, H);
    });
    KILN_CUDA_CHECK(cudaGetLastError());
}

}  // namespace kiln::cuda
