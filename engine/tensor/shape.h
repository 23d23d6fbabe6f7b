// Sizes, strides and broadcasting.
//
// A tensor's layout is sizes + strides (in elements) + a storage offset, as in PyTorch. These helpers
// compute contiguous strides, wrap negative dims, and broadcast shapes, with PyTorch's error texts.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace kiln {

using Shape = std::vector<int64_t>;

// The bytes a contiguous tensor of `sizes` needs, checked as PyTorch's computeStorageNbytes does: a
// product or byte count past int64 is "Storage size calculation overflowed with sizes=[...]" (a size
// of 0 anywhere makes 0, whatever the others are). Every allocation goes through it, so a size that
// wraps around can never make a small buffer that a later write runs past.
size_t checked_storage_nbytes(const Shape& sizes, size_t itemsize);
int64_t shape_numel(const Shape& s);
Shape contiguous_strides(const Shape& sizes);
// "[2, 3]" as in error messages; shape_repr gives "torch.Size([2, 3])".
std::string shape_str(const Shape& s);
std::string shape_repr(const Shape& s);
// "(8, 16)", "(16,)", "()": a shape as a Python tuple (Inductor's wrapper code spells sizes so).
std::string shape_tuple_str(const Shape& s);

// Wraps a possibly negative dim into [0, ndim). ndim 0 tensors accept -1 and 0 (PyTorch's rule).
int64_t wrap_dim(int64_t dim, int64_t ndim);
// The broadcast shape of a and b, or PyTorch's "The size of tensor a (3) must match ..." error.
Shape broadcast_shapes(const Shape& a, const Shape& b);
// Strides that view a tensor of (sizes, strides) as `target` by broadcasting (stride 0 on new dims).
Shape broadcast_strides(const Shape& sizes, const Shape& strides, const Shape& target);

}  // namespace kiln
