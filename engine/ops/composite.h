// Ops that PyTorch's autograd sees as compositions of other ops (CompositeImplicitAutograd): their
// grad_fns are the pieces', and AOT autograd rebuilds them from the same pieces before
// differentiating (engine/aot/derivatives.cpp, decompose_composite). Declared here, beside ops.h,
// for the bindings (torch.nn.functional) and the op table (graph/optable), which both call them.
#pragma once
#include <string>
#include <vector>

#include "tensor/tensor.h"

namespace kiln {

// ---- loss.cpp ------------------------------------------------------------------------------------
// reduction: "mean" | "sum" | "none".
Tensor smooth_l1_loss(const Tensor& input, const Tensor& target, const std::string& reduction = "mean", double beta = 1.0);
Tensor huber_loss(const Tensor& input, const Tensor& target, const std::string& reduction = "mean", double delta = 1.0);
// ATen's binary_cross_entropy: log terms clamped at -100.
Tensor binary_cross_entropy(const Tensor& input, const Tensor& target, const Tensor& weight = Tensor(),
                            const std::string& reduction = "mean");

// ---- nn_extra.cpp: activations, as F.elu/selu/mish/logsigmoid/hardsigmoid/hardswish/threshold ----
Tensor elu(const Tensor& x, double alpha = 1.0);
Tensor selu(const Tensor& x);
Tensor mish(const Tensor& x);
Tensor log_sigmoid(const Tensor& x);
Tensor hardsigmoid(const Tensor& x);
Tensor hardswish(const Tensor& x);
Tensor threshold(const Tensor& x, Scalar threshold, Scalar value);

// ---- nn_extra.cpp: F.pad(mode='constant') as aten::constant_pad_nd: pad = (left, right, top, bottom,
// ...) from the last dim; negative pads crop. Blocks of `value` concatenated around the input.
Tensor constant_pad_nd(const Tensor& input, const std::vector<int64_t>& pad, Scalar value = Scalar(int64_t(0)));

}  // namespace kiln
