// scaled_dot_product_attention(enable_gqa=True), grouped-query attention: key and value with fewer
// heads (dim -3) than the query are repeated head by head (repeat_interleave) up to the query's head
// count before the attention, as PyTorch's math path does; the query's heads must be a multiple of
// theirs. Shared by F.scaled_dot_product_attention (bindings/functional.cpp) and the op table's
// aten::scaled_dot_product_attention kernel (graph/optable/nn.cpp).
#pragma once

#include <utility>

#include "tensor/tensor.h"

namespace kiln {

// {key, value} expanded to the query's head count (the inputs themselves where they already match).
std::pair<Tensor, Tensor> sdpa_gqa_expand(const Tensor& q, const Tensor& k, const Tensor& v);

}  // namespace kiln
