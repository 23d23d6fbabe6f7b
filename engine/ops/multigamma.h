// torch.mvlgamma / torch.special.multigammaln as the native ATen op it is in PyTorch (UnaryOps.cpp's
// mvlgamma, with derivatives.yaml's MvlgammaBackward0), rather than a composition whose grad_fn
// would be its last add's. Declared in its own header so ops.h's includers do not recompile.
#pragma once
#include <cstdint>

#include "tensor/tensor.h"

namespace kiln {

// The multivariate log-gamma of dimension p, elementwise: sum_{i<p} lgamma(x - i/2) + p(p-1)/4 log(pi).
// Integer (and bool-free) inputs give the default float dtype. Records MvlgammaBackward0, whose
// gradient is grad * sum_{i<p} digamma(x - i/2) (FunctionsManual.cpp's mvlgamma_backward).
Tensor mvlgamma(const Tensor& x, int64_t p);

}  // namespace kiln
