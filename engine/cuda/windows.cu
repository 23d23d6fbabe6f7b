// Sliding windows on the GPU: im2col / col2im for convolutions and max pooling with its indices, the
// kernels PyTorch's CUDA backend runs where cuDNN does not (its slow_conv2d im2col / col2im and
// max_pool2d_with_indices kernels), written for Kiln's layout.
//
// A convolution is then one cuBLAS call per group over a chunk of the batch (ops/conv.cpp): im2col
// lays the chunk's windows out as one (C*kh*kw, n*OH*OW) matrix, so the weight's product covers n
// samples at once (a GEMM batched over samples, writing NCHW in place) and the weight gradient is
// one GEMM too (no per-sample loop, no reduction of per-sample partial gradients). col2im and the pooling backward gather: each input element sums
// the window entries that read it, in a fixed order, without atomics (deterministic, as PyTorch's);
// the pooling backward adds each output's gradient at its index with atomics (it has the indices,
// not the windows, when a compiled graph calls it).
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "cuda/check.h"
#include "cuda/cuda.h"
#include "cuda/scalar.cuh"
#include "cuda/stream.h"

namespace kiln::cuda {

namespace {

constexpr int kThreads = 256;

unsigned blocks_for(int64_t n) {
    const int64_t b = (n + kThreads - 1) / kThreads;
    return unsigned(b < 65535 * 64 ? b : 65535 * 64);  // grid-stride loops cover the rest
}

// cols[(c*kh + i)*kw + j][s*L + oh*OW + ow] = x[s][c][oh*sh - ph + i*dh][ow*sw - pw + j*dw] (0 outside).
// One thread per column (sample, oh, ow) and slice of kRowsPerSlice rows (grid row = slice): the
// column's position costs its integer divisions once, then the slice's rows (c, i, j) advance by
// increments, so a stored element costs an add, a bounds test, a load and a store (a division per
// element made the kernel compute-bound at a tenth of the memory bandwidth). Consecutive threads
// write consecutive columns of a row and read consecutive inputs. Index type I: int32_t where every
// index fits (64-bit division costs several times the 32-bit one).
constexpr int64_t kRowsPerSlice = 16;

template <typename T, typename I>
__global__ void im2col_kernel(const T* x, T* cols, Window2d w, int64_t n) {
    const int64_t K = w.kh * w.kw, rows = w.C * K, plane = w.H * w.W, sample = w.C * plane;
    const I L = I(w.OH * w.OW), OW = I(w.OW), nL = I(n) * L, H = I(w.H), W = I(w.W), kw = I(w.kw), kh = I(w.kh);
    for (I col = I(blockIdx.x) * I(blockDim.x) + I(threadIdx.x); col < nL; col += I(gridDim.x) * I(blockDim.x)) {
        const I s = col / L, l = col - s * L, oh = l / OW, ow = l - oh * OW;
        const I h0 = oh * I(w.sh) - I(w.ph), w0 = ow * I(w.sw) - I(w.pw);
        const T* xs = x + int64_t(s) * sample;
        for (int64_t row0 = int64_t(blockIdx.y) * kRowsPerSlice; row0 < rows; row0 += int64_t(gridDim.y) * kRowsPerSlice) {
            const int64_t row1 = min(row0 + kRowsPerSlice, rows);
            int64_t c = row0 / K;
            I i = I(row0 - c * K) / kw, j = I(row0 - c * K) - i * kw;
            for (int64_t row = row0; row < row1; ++row) {
                const I h = h0 + i * I(w.dh), xw = w0 + j * I(w.dw);
                T v = store<T>(0.0f);
                if (h >= 0 && h < H && xw >= 0 && xw < W) v = xs[c * plane + int64_t(h) * W + xw];
                cols[row * int64_t(nL) + col] = v;
                if (++j == kw) {
                    j = 0;
                    if (++i == kh) i = 0, ++c;
                }
            }
        }
    }
}

// x[s][c][h][w] = the sum of the cols entries im2col would have read it into (PyTorch's col2im).
// One grid row per (sample, channel) plane, threads over its pixels (the plane's divisions once per
// row, not per element). Index type I as im2col_kernel's; the dilation tests are skipped for dilation 1.
template <typename T, typename I>
__global__ void col2im_kernel(const T* cols, T* x, Window2d wd, int64_t n) {
    using A = compute_of<T>;  // sums of the half types in float
    const I H = I(wd.H), W = I(wd.W), kh = I(wd.kh), kw = I(wd.kw), sh = I(wd.sh), sw = I(wd.sw);
    const I dh = I(wd.dh), dw = I(wd.dw), OH = I(wd.OH), OW = I(wd.OW);
    const I L = OH * OW, nL = I(n) * L, HW = H * W;
    const I ext_h = (kh - 1) * dh + 1, ext_w = (kw - 1) * dw + 1;
    const int64_t planes = n * wd.C;
    for (int64_t p = blockIdx.y; p < planes; p += gridDim.y) {
        const I s = I(p / wd.C), c = I(p - int64_t(s) * wd.C);
        const T* cs = cols + int64_t(s) * L;
        for (I hw = I(blockIdx.x) * I(blockDim.x) + I(threadIdx.x); hw < HW; hw += I(gridDim.x) * I(blockDim.x)) {
            const I xh = hw / W, xw = hw - xh * W;
            const I h_im = xh + I(wd.ph), w_im = xw + I(wd.pw);
            const I oh0 = h_im < ext_h ? 0 : (h_im - ext_h) / sh + 1, oh1 = min(h_im / sh + 1, OH);
            const I ow0 = w_im < ext_w ? 0 : (w_im - ext_w) / sw + 1, ow1 = min(w_im / sw + 1, OW);
            A acc = A(0);
            for (I oh = oh0; oh < oh1; ++oh) {
                I hk = h_im - oh * sh;
                if (dh != 1) {
                    if (hk % dh) continue;
                    hk /= dh;
                }
                for (I ow = ow0; ow < ow1; ++ow) {
                    I wk = w_im - ow * sw;
                    if (dw != 1) {
                        if (wk % dw) continue;
                        wk /= dw;
                    }
                    const int64_t row = (int64_t(c) * kh + hk) * kw + wk;
                    acc += load<A>(cs[row * nL + oh * OW + ow]);
                }
            }
            x[p * int64_t(HW) + hw] = store<T>(acc);
        }
    }
}

// Whether n indices (and a grid-stride step past the last) fit int32_t.
bool fits_int32(int64_t n) { return n < (int64_t(1) << 30); }

// One output of each plane's max pool: the window's largest value (NaN wins) and its flat index
// h * W + w in the plane, the first one among equals (PyTorch's max_pool_forward_nchw).
template <typename T>
__global__ void max_pool_kernel(const T* x, T* y, int64_t* indices, Window2d w, int64_t planes) {
    using A = compute_of<T>;  // sums of the half types in float
    const int64_t total = planes * w.OH * w.OW;
    for (int64_t idx = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; idx < total; idx += int64_t(gridDim.x) * blockDim.x) {
        const int64_t ow = idx % w.OW, oh = (idx / w.OW) % w.OH, p = idx / (w.OW * w.OH);
        int64_t h0 = oh * w.sh - w.ph, w0 = ow * w.sw - w.pw;
        const int64_t h1 = min(h0 + (w.kh - 1) * w.dh + 1, w.H), w1 = min(w0 + (w.kw - 1) * w.dw + 1, w.W);
        while (h0 < 0) h0 += w.dh;
        while (w0 < 0) w0 += w.dw;
        const T* plane = x + p * w.H * w.W;
        int64_t best = h0 * w.W + w0;
        A m = -INFINITY;
        for (int64_t h = h0; h < h1; h += w.dh)
            for (int64_t xw = w0; xw < w1; xw += w.dw) {
                const A v = load<A>(plane[h * w.W + xw]);
                if (v > m || isnan(double(v))) {
                    best = h * w.W + xw;
                    m = v;
                }
            }
        y[idx] = store<T>(m);
        if (indices) indices[idx] = best;
    }
}

// The same over channels-last (N, H, W, C) samples (w.C channels), writing channels-last values and
// indices (PyTorch's max_pool_forward_nhwc): consecutive threads take consecutive channels of one
// output pixel, so loads and stores are coalesced; the index is still h * W + w in the channel's plane.
template <typename T>
__global__ void max_pool_nhwc_kernel(const T* x, T* y, int64_t* indices, Window2d w, int64_t samples) {
    using A = compute_of<T>;
    const int64_t total = samples * w.OH * w.OW * w.C;
    for (int64_t idx = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; idx < total; idx += int64_t(gridDim.x) * blockDim.x) {
        const int64_t c = idx % w.C, pix = idx / w.C;
        const int64_t ow = pix % w.OW, oh = (pix / w.OW) % w.OH, n = pix / (w.OW * w.OH);
        int64_t h0 = oh * w.sh - w.ph, w0 = ow * w.sw - w.pw;
        const int64_t h1 = min(h0 + (w.kh - 1) * w.dh + 1, w.H), w1 = min(w0 + (w.kw - 1) * w.dw + 1, w.W);
        while (h0 < 0) h0 += w.dh;
        while (w0 < 0) w0 += w.dw;
        const T* sample = x + n * w.H * w.W * w.C + c;
        int64_t best = h0 * w.W + w0;
        A m = -INFINITY;
        for (int64_t h = h0; h < h1; h += w.dh)
            for (int64_t xw = w0; xw < w1; xw += w.dw) {
                const A v = load<A>(sample[(h * w.W + xw) * w.C]);
                if (v > m || isnan(double(v))) {
                    best = h * w.W + xw;
                    m = v;
                }
            }
        y[idx] = store<T>(m);
        if (indices) indices[idx] = best;
    }
}

// gx[p][indices[p][q]] += gy[p][q]; an index outside the plane adds nothing (a graph may pass any
// indices; PyTorch's gather-form kernel likewise finds no output for them).
template <typename T>
__global__ void max_pool_backward_kernel(const T* gy, const int64_t* indices, T* gx, int64_t planes, int64_t plane,
                                         int64_t per) {
    const int64_t total = planes * per;
    for (int64_t idx = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; idx < total; idx += int64_t(gridDim.x) * blockDim.x) {
        const int64_t i = indices[idx];
        if (i >= 0 && i < plane) atomic_add(gx + (idx / per) * plane + i, gy[idx]);
    }
}

}  // namespace

void im2col(const void* x, void* cols, uint8_t dtype, const Window2d& w, int64_t n) {
    const int64_t rows = w.C * w.kh * w.kw, nL = n * w.OH * w.OW;
    if (rows == 0 || nL == 0) return;
    dispatch_floating(dtype, [&](auto* tag) {
        using T = std::remove_pointer_t<decltype(tag)>;
        const T* xt = static_cast<const T*>(x);
        T* ct = static_cast<T*>(cols);
        const dim3 grid(unsigned(std::min<int64_t>((nL + kThreads - 1) / kThreads, int64_t(1) << 30)),
                        unsigned(std::min<int64_t>((rows + kRowsPerSlice - 1) / kRowsPerSlice, 65535)));
        if (fits_int32(nL) && fits_int32(n * w.C * w.H * w.W))
            im2col_kernel<T, int32_t><<<grid, kThreads, 0, current_stream()>>>(xt, ct, w, n);
        else
            im2col_kernel<T, int64_t><<<grid, kThreads, 0, current_stream()>>>(xt, ct, w, n);
    });
    KILN_CUDA_CHECK(cudaGetLastError());
}

void col2im(const void* cols, void* x, uint8_t dtype, const Window2d& w, int64_t n) {
    const int64_t total = n * w.C * w.H * w.W, HW = w.H * w.W;
    if (total == 0) return;
    dispatch_floating(dtype, [&](auto* tag) {
        using T = std::remove_pointer_t<decltype(tag)>;
        const T* ct = static_cast<const T*>(cols);
        T* xt = static_cast<T*>(x);
        const dim3 grid(unsigned(std::min<int64_t>((HW + kThreads - 1) / kThreads, int64_t(1) << 30)),
                        unsigned(std::min<int64_t>(n * w.C, 65535)));
        if (fits_int32(total) && fits_int32(n * w.OH * w.OW))
            col2im_kernel<T, int32_t><<<grid, kThreads, 0, current_stream()>>>(ct, xt, w, n);
        else
            col2im_kernel<T, int64_t><<<grid, kThreads, 0, current_stream()>>>(ct, xt, w, n);
    });
    KILN_CUDA_CHECK(cudaGetLastError());
}

void max_pool2d(const void* x, void* y, int64_t* indices, uint8_t dtype, const Window2d& w, int64_t planes) {
    const int64_t total = planes * w.OH * w.OW;
    if (total == 0) return;
    dispatch_floating(dtype, [&](auto* tag) {
        using T = std::remove_pointer_t<decltype(tag)>;
        max_pool_kernel<T><<<blocks_for(total), kThreads, 0, current_stream()>>>(static_cast<const T*>(x), static_cast<T*>(y),
                                                                                indices, w, planes);
    });
    KILN_CUDA_CHECK(cudaGetLastError());
}

void max_pool2d_nhwc(const void* x, void* y, int64_t* indices, uint8_t dtype, const Window2d& w, int64_t samples) {
    const int64_t total = samples * w.OH * w.OW * w.C;
    if (total == 0) return;
    dispatch_floating(dtype, [&](auto* tag) {
        using T = std::remove_pointer_t<decltype(tag)>;
        max_pool_nhwc_kernel<T><<<blocks_for(total), kThreads, 0, current_stream()>>>(
            static_cast<const T*>(x), static_cast<T*>(y), indices, w, samples);
    });
    KILN_CUDA_CHECK(cudaGetLastError());
}

void max_pool2d_backward(const void* gy, const int64_t* indices, void* gx, uint8_t dtype, int64_t planes, int64_t plane,
                         int64_t per) {
    const int64_t total = planes * per;
    if (total == 0) return;
    dispatch_floating(dtype, [&](auto* tag) {
        using T = std::remove_pointer_t<decltype(tag)>;
        max_pool_backward_kernel<T><<<blocks_for(total), kThreads, 0, current_stream()>>>(
            static_cast<const T*>(gy), indices, static_cast<T*>(gx), planes, plane, per);
    });
    KILN_CUDA_CHECK(cudaGetLastError());
}

}  // namespace kiln::cuda
