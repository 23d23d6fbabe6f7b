// Fused attention's three input gradients written into one tensor in a layout the caller gives:
// the op behind aten::_scaled_dot_product_fused_attention_backward_packed with its size, stride and
// offsets arguments, which passes/pack_attention_grads.cpp fills in so that the kernels write the
// result of a concatenation of the gradients (and the views after it) directly. ops.h's
// scaled_dot_product_attention_backward_packed is this with the (B, L, 3 * H * D) layout. Shared by
// ops/attention.cpp and the op table (graph/optable/nn.cpp).
#pragma once

#include "tensor/tensor.h"

namespace kiln {

// The gradients of q, k and v (one shape (B, H, L, D)) in one contiguous tensor of sizes `size`:
// gradient i is its view with the (B, H, L, D) `strides` at element `offsets[i]`, and the three
// views tile the tensor. With the head dim's stride 1 the fused kernels write the views in place;
// otherwise the gradients are computed and copied in.
Tensor scaled_dot_product_attention_backward_packed_as(const Tensor& grad, const Tensor& q, const Tensor& k,
                                                      const Tensor& v, const Tensor& out, const Tensor& lse, double scale,
                                                      bool causal, const Shape& size, const Shape& strides,
                                                      const Shape& offsets);

}  // namespace kiln
