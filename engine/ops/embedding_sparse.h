// embedding with PyTorch's `sparse` flag (nn.Embedding(sparse=True), F.embedding(..., sparse=True),
// aten::embedding's sparse argument): the same rows forward; backward, the weight's gradient is a
// sparse COO gradient (autograd/sparse_grad.h) as ATen's embedding_sparse_backward builds it: indices
// the input flattened (padding_idx entries dropped), values the output gradient's rows, uncoalesced.
// CUDA weights keep the dense gradient (index_select's).
#pragma once

#include <optional>

#include "tensor/tensor.h"

namespace kiln {

Tensor embedding(const Tensor& indices, const Tensor& weight, std::optional<int64_t> padding_idx, bool sparse);
Tensor embedding_sparse_backward(const Tensor& grad, const Tensor& indices, int64_t num_weights, int64_t padding_idx);

}  // namespace kiln
