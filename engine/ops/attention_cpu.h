// The CPU flash attention kernels (ops/attention_cpu.cpp, after ATen's FlashAttentionKernel.cpp)
// behind F.scaled_dot_product_attention on the CPU: forward with each query row's logsumexp, and
// the backward that recomputes the probabilities from it. ops/attention.cpp decides when they run.
#pragma once
#include "tensor/tensor.h"

namespace kiln {

// Whether the kernels cover q, k, v (B, H, L|S, D): 4-D float32/float64 CPU tensors of one batch,
// head count and head dim, non-empty sequences (ATen's use_flash_attention_cpp; masks and dropout
// are the caller's to exclude).
bool flash_cpu_ok(const Tensor& q, const Tensor& k, const Tensor& v);
// Writes softmax(q k^T scale [causal]) v into `out` (B, H, L, D, any strides) and each row's
// logsumexp into `lse` (B, H, L, the operands' dtype).
void flash_attention_cpu(const Tensor& q, const Tensor& k, const Tensor& v, bool causal, double scale, Tensor& out,
                         Tensor& lse);
// Writes dq, dk, dv (any strides) from the output's gradient, the forward's output and logsumexp.
void flash_attention_backward_cpu(const Tensor& grad, const Tensor& q, const Tensor& k, const Tensor& v,
                                  const Tensor& out, const Tensor& lse, double scale, bool causal, const Tensor& dq,
                                  const Tensor& dk, const Tensor& dv);

}  // namespace kiln
