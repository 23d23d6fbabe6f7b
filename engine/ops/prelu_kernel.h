// aten::_prelu_kernel, the op torch.prelu / F.prelu / nn.PReLU run once their Python-side checks have
// reshaped the weight to broadcast over the input (Activation.cpp's prelu): one autograd node,
// PreluKernelBackward0, as in PyTorch, rather than the where/mul composition's WhereBackward0.
// Declared in its own header so ops.h's includers do not recompile.
#pragma once

#include "tensor/tensor.h"

namespace kiln {

// input > 0 ? input : weight * input, with weight broadcast to input (the result has input's shape
// when the weight is reshaped as prelu does). Backward (_prelu_kernel_backward): the input's gradient
// input > 0 ? grad : weight * grad, the weight's input > 0 ? 0 : input * grad summed to its shape.
Tensor prelu_kernel(const Tensor& input, const Tensor& weight);

}  // namespace kiln
