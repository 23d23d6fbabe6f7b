// The CPU flash attention kernels (ops/attention_cpu.cpp, after ATen's FlashAttentionKernel.cpp)
// behind F.scaled_dot_product_attention on the CPU: forward with each query row's logsumexp, and
// the backward that recomputes the probabilities from it. ops/attention.cpp decides when they run.
#pragma once
#include "tensor/tensor.h"

namespace kiln {

// Whether the kernels cover q, k, v (B, H, L|S, D): 4-D float32/float64 CPU tensors of one batch,
// head count and head dim, non-empty sequences (ATen's use_flash_attention_cpp; dropout is the
// caller's to exclude, masks flash_cpu_mask_ok's).
bool flash_cpu_ok(const Tensor& q, const Tensor& k, const Tensor& v);
// Whether the kernels take `mask` (undefined: no mask) beside q (B, H, L, D) and k: ATen's
// check_attn_mask_shape (2-D, or 4-D broadcasting over batch and heads; no gradient), bool or q's dtype.
bool flash_cpu_mask_ok(const Tensor& mask, const Tensor& q, const Tensor& k);
// The kernels' form of an accepted mask: additive in q's dtype, expanded to (B, H, L, S).
Tensor flash_cpu_mask(const Tensor& mask, const Tensor& q, const Tensor& k);
// Writes softmax(q k^T scale [+ mask] [causal]) v into `out` (B, H, L, D, any strides) and each row's
// logsumexp into `lse` (B, H, L, the operands' dtype). `mask`: flash_cpu_mask's form, or undefined.
// A row whose every key is masked out gets zeros and logsumexp 0, as ATen's kernel gives.
void flash_attention_cpu(const Tensor& q, const Tensor& k, const Tensor& v, bool causal, double scale, Tensor& out,
                         Tensor& lse, const Tensor& mask = Tensor());
// Writes dq, dk, dv (any strides) from the output's gradient, the forward's output and logsumexp.
void flash_attention_backward_cpu(const Tensor& grad, const Tensor& q, const Tensor& k, const Tensor& v,
                                  const Tensor& out, const Tensor& lse, double scale, bool causal, const Tensor& dq,
                                  const Tensor& dk, const Tensor& dv, const Tensor& mask = Tensor());

}  // namespace kiln
