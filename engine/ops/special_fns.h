// torch.special's exponentially scaled Bessel functions, normal-distribution functions, scaled
// complementary error function and Hurwitz zeta as ATen's native ops (special_i0e, special_i1e,
// special_ndtri, special_log_ndtr, special_erfcx, special_zeta), each one autograd node with
// derivatives.yaml's formula and grad_fn name (SpecialI0EBackward0, ...), and special_ndtr, ATen's
// composite of erf. Declared in their own
// header (not ops/pointwise.def) so that ops.h's includers do not recompile; the op table
// (graph/optable/pointwise.cpp) registers their aten schemas, torch/special.py calls them through
// torch.ops.aten.
#pragma once

#include "tensor/tensor.h"

namespace kiln {

// Unary: integer and bool inputs give the default float dtype; float16/bfloat16 compute in float.
Tensor special_i0e(const Tensor& x);       // exp(-|x|) i0(x)
Tensor special_i1e(const Tensor& x);       // exp(-|x|) i1(x)
Tensor special_ndtr(const Tensor& x);      // the standard normal CDF, (1 + erf(x / sqrt 2)) * 0.5 (composite)
Tensor special_ndtri(const Tensor& x);     // its inverse (NaN outside [0, 1], -inf/inf at 0/1)
Tensor special_log_ndtr(const Tensor& x);  // log(ndtr(x)), accurate in the lower tail
Tensor special_erfcx(const Tensor& x);     // exp(x^2) erfc(x)
// zeta(x, q) = sum_k (k + q)^-x; operands broadcast, promoted as a binary float op. Its gradient
// reaches q only (derivatives.yaml: x's is not implemented).
Tensor special_zeta(const Tensor& x, const Tensor& q);

}  // namespace kiln
