// _prelu_kernel (see prelu_kernel.h): computed without history from where/mul, whose elementwise
// values are the kernel's (input > 0 ? input : weight * input), then recorded as one node.
#include "ops/prelu_kernel.h"

#include "autograd/forward_ad.h"
#include "autograd/grad_mode.h"
#include "autograd/node.h"
#include "ops/ops.h"

namespace kiln {

Tensor prelu_kernel(const Tensor& input, const Tensor& weight) {
    Tensor out;
    {
        autograd::NoGradGuard no_grad;
        const Tensor x = input.detach();
        out = where(gt(x, Scalar(0)), x, mul(weight.detach(), x));
    }
    if (autograd::needs_grad({input, weight})) {
        autograd::SavedTensor sx(input), sw(weight);
        const bool need_x = autograd::differentiable(input), need_w = autograd::differentiable(weight);
        const Shape w_shape = weight.sizes();
        autograd::record("PreluKernelBackward0", {input, weight}, {out},
                         [sx, sw, need_x, need_w, w_shape](const autograd::Grads& g) {
                             const Tensor x = sx.get(), w = sw.get();
                             const Tensor positive = gt(x, Scalar(0));
                             Tensor gx, gw;
                             if (need_x) gx = where(positive, g[0], mul(w, g[0]));
                             if (need_w) gw = autograd::sum_to(where(positive, Scalar(0), mul(x, g[0])), w_shape);
                             return autograd::Grads{gx, gw};
                         });
    }
    return out;
}

}  // namespace kiln
