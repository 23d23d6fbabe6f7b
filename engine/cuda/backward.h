// engine/cuda: fused backward kernels (backward.cu) of ops whose backward written with ops makes many
// passes over large tensors: GELU's (eleven pointwise kernels over the activation) and layer_norm's
// input gradient (a dozen pointwise and reduction kernels). PyTorch's CUDA backend has the same two
// (GeluBackwardCUDAKernelImpl, layer_norm_grad_input_kernel). Kept out of cuda.h: only the ops that
// record these backwards (ops/pointwise.cpp, ops/normalization.cpp) call them.
#pragma once
#include <cstdint>

namespace kiln::cuda {

// out = g * d/dx gelu(x) over n contiguous elements (tanh_form: the approximate='tanh' GELU).
void gelu_backward(const void* g, const void* x, void* out, uint8_t dtype, int64_t n, bool tanh_form);

// For rows (M of them, N wide, contiguous) normalized with mean/rstd (one per row, in the compute
// dtype, as layer_norm wrote them) and weight w (N, may be null):
//   dx = rstd * (g·w - mean(g·w) - x̂ * mean(g·w * x̂)),  x̂ = (x - mean) * rstd;
// and, where gxhat is not null, gxhat = g * x̂ (summed over the rows by the caller: the weight's gradient).
void layer_norm_backward(const void* g, const void* x, const void* mean, const void* rstd, const void* w, void* dx,
                         void* gxhat, uint8_t dtype, int64_t M, int64_t N);

}  // namespace kiln::cuda
