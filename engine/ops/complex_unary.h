// The complex forms of pointwise.def's one-tensor rows (KILN_UNARY_FN) that PyTorch defines on
// complex tensors: each row's generated function asks here first for a complex input (pointwise.cpp),
// and a row without a complex form keeps its dtype check's "not implemented for 'ComplexFloat'".
// Kept out of ops.h so adding a row's complex form rebuilds only complex.cpp and pointwise.cpp.
#pragma once

#include <optional>

#include "tensor/tensor.h"

namespace kiln {

// The complex result of the row `name` for the complex tensor z, or an undefined tensor where
// the row has no complex form.
Tensor complex_unary_fn(const char* name, const Tensor& z);

// torch.sgn(z) = z / |z| (0 at z = 0) with derivatives.yaml's SgnBackward0 (sgn_backward).
Tensor complex_sgn(const Tensor& z);

// Reductions and scans of complex tensors (reduce.cpp's and sort.cpp's kernels are real): prod
// over all elements (dim empty) or one dim, as a running complex product in index order; cumsum
// on the parts; cumprod as running complex products.
Tensor complex_prod(const Tensor& z, std::optional<int64_t> dim, bool keepdim);
Tensor complex_cumsum(const Tensor& z, int64_t dim);
Tensor complex_cumprod(const Tensor& z, int64_t dim);

}  // namespace kiln
