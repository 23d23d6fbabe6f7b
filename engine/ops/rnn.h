// One LSTM layer's recurrence as one op (ops/rnn.cpp): what cuDNN's RNN is to PyTorch's nn.LSTM on CUDA.
#pragma once
#include <tuple>

#include "tensor/tensor.h"

namespace kiln {

// xw: (T, B, 4H), every step's input projection linear(x_t, W_ih, b_ih) computed by the caller in one
// GEMM; h0, c0: (B, H); w_hh: (4H, H); b_hh: (4H,) or undefined. Runs the steps in time order (reverse:
// from T-1 down), each a GEMM h @ W_hh^T and one fused cell, and returns (output (T, B, H), h_T, c_T).
// The backward (one node, CudnnRnnBackward0) runs the steps back with one fused kernel and one GEMM
// each, then W_hh's gradient as one GEMM over all steps.
std::tuple<Tensor, Tensor, Tensor> lstm_layer(const Tensor& xw, const Tensor& h0, const Tensor& c0, const Tensor& w_hh,
                                              const Tensor& b_hh, bool reverse);

}  // namespace kiln
