// mvlgamma (see multigamma.h): ATen computes it as a composition (an arange of the offsets
// -(p-1)/2 .. 0, added to x.unsqueeze(-1), lgamma, summed over the new last dim, plus the constant),
// but under one autograd node, so the forward runs without history here and the node is recorded
// over it. The values are the composition's, so they round as PyTorch's do.
#include "ops/multigamma.h"

#include <cmath>

#include "autograd/grad_mode.h"
#include "autograd/node.h"
#include "ops/ops.h"
#include "support/error.h"

namespace kiln {

namespace {
// x.unsqueeze(-1) + arange(-p/2 + 1/2, 1/2, 1/2): the p arguments of lgamma (or digamma) per element.
Tensor mvlgamma_args(const Tensor& x, int64_t p, DType dtype) {
    TensorOptions opts;
    opts.dtype = dtype;
    opts.device = x.device();
    Tensor offsets = arange(Scalar(-double(p) * 0.5 + 0.5), Scalar(0.5), Scalar(0.5), opts);
    return add(offsets, unsqueeze(x, -1));
}
}  // namespace

Tensor mvlgamma(const Tensor& x, int64_t p) {
    KILN_CHECK(x.dtype() != DType::Bool, RuntimeError, "The input tensor may not be a boolean tensor.");
    KILN_CHECK(p >= 1, RuntimeError, "p has to be greater than or equal to 1");
    const DType dtype = dtype_is_integral(x.dtype(), true) ? default_float_dtype() : x.dtype();
    Tensor out;
    {
        autograd::NoGradGuard no_grad;
        const double constant = double(p * (p - 1)) * std::log(M_PI) * 0.25;
        out = add(sum(lgamma(mvlgamma_args(x.detach(), p, dtype)), {-1}), Scalar(constant));
    }
    if (autograd::needs_grad({x})) {
        autograd::SavedTensor saved(x);
        autograd::record("MvlgammaBackward0", {x}, {out}, [saved, p, dtype](const autograd::Grads& g) {
            return autograd::Grads{mul(g[0], sum(digamma(mvlgamma_args(saved.get(), p, dtype)), {-1}))};
        });
    }
    return out;
}

}  // namespace kiln
