// The memory layout of a fresh result, as PyTorch chooses it.
//
// An elementwise op's output follows its inputs' layout (TensorIterator's compute_fast_setup_type
// and reorder_dimensions): all-contiguous inputs give a contiguous output, inputs of one dense layout
// give that layout, anything else gives a dense output whose dimensions are ordered by the inputs'
// strides (a transposed input gives a transposed output). The *_like factories, clone and dtype
// conversions keep a dense input's strides (memory_format=torch.preserve_format). And a random fill
// of a strided tensor draws in that same iteration order, which is memory order for a dense one, so
// `dropout(x.transpose(1, 2))` masks the same elements as in PyTorch. Programs see all of this
// through .stride(), .is_contiguous(), view()'s errors, and random numbers.
#pragma once

#include <vector>

#include "tensor/tensor.h"

namespace kiln {

// The dimension order of an elementwise result of `shape` computed from `operands` (each
// broadcast to `shape`), slowest dimension first; empty when that result is plain contiguous.
std::vector<int64_t> iterator_dim_order(const Shape& shape, const std::vector<Tensor>& operands);

// The strides of a dense result of `shape` laid out in `order` (row-major when order is empty), and
// those of an elementwise result computed from operands given by their sizes and strides only (the
// graph passes' type inference for the ops they emit).
Shape strides_in_order(const Shape& shape, const std::vector<int64_t>& order);
Shape elementwise_strides(const Shape& shape, const std::vector<std::pair<Shape, Shape>>& operands);

// The order of `t`'s own dimensions by its strides (a random fill's iteration order), slowest first;
// empty when t is contiguous.
std::vector<int64_t> memory_dim_order(const Tensor& t);

// A fresh uninitialized tensor of `shape` laid out dense in `order` (contiguous when it is empty).
Tensor empty_in_order(const Shape& shape, DType dtype, Device device, const std::vector<int64_t>& order);

// A fresh tensor shaped like `t` (PyTorch's preserve_format, ATen's empty_like): t's strides when t
// is non-overlapping and dense, else dense strides in t's layout permutation (infer_dense_strides).
Tensor empty_preserving(const Tensor& t, DType dtype);

// A fresh tensor of `sizes` with the layout's strides when the layout has those sizes and is
// non-overlapping and dense, else contiguous (AccumulateGrad's clone_obey_contract: .grad takes its
// parameter's layout).
Tensor empty_like_layout(const Shape& layout_sizes, const Shape& layout_strides, const Shape& sizes, DType dtype,
                         Device device);

// TensorImpl::is_non_overlapping_and_dense: the strides, sorted, are those of a contiguous tensor of
// the sizes in that order (size-1 dimensions place no constraint).
bool non_overlapping_and_dense(const Shape& sizes, const Shape& strides);

// torch.memory_format's values. Preserve: empty_preserving's layout.
enum class MemoryFormat { Preserve, Contiguous, ChannelsLast, ChannelsLast3d };

// The dimension order of a format for a tensor of `dim` dims, slowest first (empty: row-major).
// RuntimeError "required rank 4 tensor to use channels_last format" (rank 5 for channels_last_3d).
std::vector<int64_t> format_order(MemoryFormat format, int64_t dim);

// Tensor.is_contiguous(memory_format=...): c10's channels-last checks (size-1 dims free; other ranks false).
bool is_contiguous_as(const Tensor& t, MemoryFormat format);

// Tensor.suggest_memory_format(): ChannelsLast(3d) when t's strides look like it (c10's
// is_channels_last_strides_2d/3d, ambiguous cases row-major), else Contiguous.
MemoryFormat suggest_memory_format(const Tensor& t);

// A fresh tensor shaped like t in `format` (Preserve: empty_preserving).
Tensor empty_format(const Tensor& t, DType dtype, Device device, MemoryFormat format);

// Tensor.contiguous(memory_format=f): t itself when already so laid out, else a copy (CloneBackward0).
// Tensor.clone(memory_format=f): always a copy. Both in ops/copy.cpp.
Tensor contiguous_as(const Tensor& t, MemoryFormat format);
Tensor clone_as(const Tensor& t, MemoryFormat format);

// A history-free view of `t` broadcast to `shape` and permuted into `order` (for kernels: with the
// output in `order`, the output view is contiguous and dense inputs of that layout are too).
Tensor permuted_view(const Tensor& t, const Shape& shape, const std::vector<int64_t>& order);

}  // namespace kiln
