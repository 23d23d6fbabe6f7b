// torch.scatter / Tensor.scatter (index.cpp's scatter block): declared apart from ops.h so that
// adding them recompiles only their users. ops.h's conventions apply.
#pragma once
#include <string>

#include "tensor/tensor.h"

namespace kiln {

// out = t.clone(); out[..., index[...], ...] = src[...] along dim (reduce "add"/"multiply": += / *=).
// Within one row of index, later positions win (PyTorch leaves duplicates unspecified; its CPU
// kernel writes in that order). ScatterBackward0; with reduce the backward is not implemented.
Tensor scatter(const Tensor& t, int64_t dim, const Tensor& index, const Tensor& src, const std::string& reduce = "");
// The value form: src is `value` everywhere (ScatterBackward1).
Tensor scatter(const Tensor& t, int64_t dim, const Tensor& index, Scalar value, const std::string& reduce = "");

}  // namespace kiln
