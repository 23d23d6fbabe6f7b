// Ops real programs call that are built from other ops (tensor_extra.cpp): diagonal/diag/trace, flip,
// repeat, meshgrid, einsum, cross, cdist. Declared here rather than in ops.h so that adding one does not
// recompile every file that includes the op surface; ops.h's conventions apply (torch's names,
// argument order and defaults, PyTorch's grad_fn names and error texts).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "tensor/tensor.h"

namespace kiln {

// torch.diagonal: a view of the diagonal `offset` of the plane (dim1, dim2), appended as the last
// dim (DiagonalBackward0).
Tensor diagonal(const Tensor& t, int64_t offset = 0, int64_t dim1 = 0, int64_t dim2 = 1);
// torch.diag: a 1-d input becomes a square matrix with it on diagonal `diagonal`; a 2-d input gives a
// copy of that diagonal.
Tensor diag(const Tensor& t, int64_t diagonal = 0);
// torch.trace: the sum of a matrix's main diagonal (TraceBackward0).
Tensor trace(const Tensor& t);
// Tensor.flip(dims): the elements in reverse order along each of `dims` (FlipBackward0: g flipped back).
Tensor flip(const Tensor& t, const std::vector<int64_t>& dims);
// Tensor.repeat(*repeats): t tiled `repeats` times along each dim (leading dims added as size 1)
// (RepeatBackward0: the sum of the tiles' gradients).
Tensor repeat(const Tensor& t, const std::vector<int64_t>& repeats);
// torch.clamp(x, min=Tensor, max=Tensor) (aten::clamp.Tensor; either bound may be absent, they
// broadcast): max(x, min) then min(., max). ClampBackward0, PyTorch's clamp_backward_min_max: x's
// gradient where min <= x <= max, min's where x < min (and min < max), max's where x > max (or max < min).
Tensor clamp_tensors(const Tensor& x, const std::optional<Tensor>& min, const std::optional<Tensor>& max);
// torch.meshgrid(*tensors, indexing="ij"|"xy"): 0-d/1-d inputs expanded to the grid.
std::vector<Tensor> meshgrid(const std::vector<Tensor>& tensors, const std::string& indexing = "ij");
// torch.einsum: the whole subscript syntax ('...', implicit output), contracted pairwise left to right
// through permute/reshape/bmm as PyTorch's sumproduct_pair does (differentiable through those ops).
Tensor einsum(const std::string& equation, const std::vector<Tensor>& operands);
// torch.cross / torch.linalg.cross: the 3-vector cross product along `dim` (broadcasting).
Tensor cross(const Tensor& a, const Tensor& b, int64_t dim);
// torch.cdist: p-norm distances between the rows of x1 [.., P, M] and x2 [.., R, M]. compute_mode as
// ATen's: 0 'use_mm_for_euclid_dist_if_necessary' (the matrix-product formula for p = 2 when either
// side has more than 25 rows), 1 'use_mm_for_euclid_dist' (always for p = 2), 2 'donot_use_mm_...'.
Tensor cdist(const Tensor& x1, const Tensor& x2, double p = 2.0, int64_t compute_mode = 0);

// torch.dist: the p-norm of a - b (broadcast), one node DistBackward0 as ATen's dist. Defined in
// reduce.cpp, next to the vector-norm backward it shares.
Tensor dist(const Tensor& a, const Tensor& b, double p = 2.0);

}  // namespace kiln
