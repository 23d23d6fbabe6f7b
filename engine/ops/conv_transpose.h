// The transposed convolution by its own kernels (ops/conv.cpp): what torch.nn.functional's
// conv_transpose2d/3d and the op table's aten::_convolution (transposed=True) run where it applies.
// Kept out of ops.h so that its two callers alone depend on it.
#pragma once

#include <optional>
#include <vector>

#include "tensor/tensor.h"

namespace kiln {

// conv_transpose2d/3d of a batched input by the input-gradient kernels of the convolution it transposes,
// with its ConvolutionBackward0 node; nullopt where those kernels do not apply (the caller then composes
// zero insertion, padding and a convolution, and raises PyTorch's errors). Lists: one entry per spatial dim.
std::optional<Tensor> conv_transpose_direct(const Tensor& input, const Tensor& weight, const Tensor& bias,
                                            const std::vector<int64_t>& stride, const std::vector<int64_t>& padding,
                                            const std::vector<int64_t>& output_padding,
                                            const std::vector<int64_t>& dilation, int64_t groups);

}  // namespace kiln
