// torch.scatter / Tensor.scatter (index.cpp's scatter block): declared apart from ops.h so that
// adding them recompiles only their users. ops.h's conventions apply.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "tensor/tensor.h"

namespace kiln {

// out = t.clone(); out[..., index[...], ...] = src[...] along dim (reduce "add"/"multiply": += / *=).
// Within one row of index, later positions win (PyTorch leaves duplicates unspecified; its CPU
// kernel writes in that order). ScatterBackward0; with reduce the backward is not implemented.
Tensor scatter(const Tensor& t, int64_t dim, const Tensor& index, const Tensor& src, const std::string& reduce = "");
// The value form: src is `value` everywhere (ScatterBackward1).
Tensor scatter(const Tensor& t, int64_t dim, const Tensor& index, Scalar value, const std::string& reduce = "");

// aten::index_copy: a copy of t whose slices index[i] along dim are source's slices i (a 0-dim
// source with a one-element index writes one slice), with ATen's index_copy_ checks in its order
// and words. A scatter of source over the index broadcast along dim, so meta tensors (a compiler's
// example values) trace it without reading index values. IndexCopyBackward0: t's gradient is g with
// the copied slices zeroed, source's is g's slices at the index.
Tensor index_copy(const Tensor& t, int64_t dim, const Tensor& index, const Tensor& source);

// aten::index.Tensor: t[indices], advanced indexing as one op. indices[i] indexes dim i of t (an empty
// optional: the whole dim); long (or int) index tensors broadcast together, bool/uint8 masks stand for
// their nonzero coordinates. Indexed dims that are not next to each other move to the front (NumPy's
// and PyTorch's rule). Composed of differentiable ops (flat positions, then index_select) that read no
// index values, so meta tensors (a compiler's example values) trace it; graphs record it as one node,
// whose backward is index_put(zeros, indices, g, accumulate=True).
Tensor index(const Tensor& t, const std::vector<std::optional<Tensor>>& indices);
// aten::index_put: a copy of t with t[indices] = values (values broadcast to the indexed shape);
// accumulate adds instead (duplicate positions then add up; without it a later one wins, as PyTorch's
// CPU kernel writes them).
Tensor index_put(const Tensor& t, const std::vector<std::optional<Tensor>>& indices, const Tensor& values,
                 bool accumulate = false);

// aten::slice_scatter / select_scatter: a copy of t with src written into t's slice (start:end:step
// along dim) or its index along dim: the functional form of `x[:, 1:3] = v` / `x[:, 0] = v`, which
// AOT autograd's functionalization writes for a mutation through such a view.
Tensor slice_scatter(const Tensor& t, const Tensor& src, int64_t dim, std::optional<int64_t> start,
                     std::optional<int64_t> end, int64_t step = 1);
Tensor select_scatter(const Tensor& t, const Tensor& src, int64_t dim, int64_t index);

}  // namespace kiln
