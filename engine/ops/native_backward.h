// Ops that expose what Kiln's fused eager kernels compute inside (statistics, gradients), so that
// graphs can call them: AOT autograd's forward graphs read batch norm's statistics and its backward
// graphs call the gradient kernels (aten::native_batch_norm_backward, aten::convolution_backward in
// engine/graph/optable/nn.cpp). The eager ops' autograd nodes (NativeBatchNormBackward0,
// ConvolutionBackward0) run these same functions, so the compiled and the eager backward share one
// implementation. Gradients come back as three tensors (input, weight, bias), each undefined where
// `mask` did not ask for it, as ATen's output_mask.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "tensor/tensor.h"

namespace kiln {

// conv2d's gradients for a batched (4-D) CPU convolution.
std::array<Tensor, 3> convolution_backward(const Tensor& grad, const Tensor& x, const Tensor& weight,
                                           std::vector<int64_t> stride, std::vector<int64_t> padding,
                                           std::vector<int64_t> dilation, int64_t groups, std::array<bool, 3> mask);

// batch_norm without autograd: (output, mean, 1/sqrt(var + eps)), the statistics as [C] vectors:
// the batch's in training (which also updates running_mean/var in place, as batch_norm does), the
// running ones in eval. batch_norm records its autograd node over this.
std::array<Tensor, 3> native_batch_norm(const Tensor& x, Tensor running_mean, Tensor running_var, const Tensor& weight,
                                        const Tensor& bias, bool training, double momentum, double eps);

// batch_norm's gradients. They use save_mean/save_invstd when defined; otherwise training
// recomputes the batch statistics from x and eval reads the running ones.
std::array<Tensor, 3> native_batch_norm_backward(const Tensor& grad, const Tensor& x, const Tensor& weight,
                                                 const Tensor& running_mean, const Tensor& running_var,
                                                 const Tensor& save_mean, const Tensor& save_invstd, bool training,
                                                 double eps, std::array<bool, 3> mask);

// diagonal's gradient (PyTorch's diagonal_backward): zeros of `input_sizes` with `grad` on the
// diagonal `offset` of the plane (dim1, dim2). The eager DiagonalBackward0 and TraceBackward0 run this too.
Tensor diagonal_backward(const Tensor& grad, const std::vector<int64_t>& input_sizes, int64_t offset, int64_t dim1,
                         int64_t dim2);

// max_pool2d's gradient: each window's gradient lands on its argmax, `indices` as
// max_pool2d(return_indices=True) gives them (flat over H*W of each plane).
Tensor max_pool2d_with_indices_backward(const Tensor& grad, const Tensor& x, const Tensor& indices);

// avg_pool2d's gradient: each output's gradient spread evenly over its window's divisor.
Tensor avg_pool2d_backward(const Tensor& grad, const Tensor& x, std::vector<int64_t> kernel_size,
                           std::vector<int64_t> stride, std::vector<int64_t> padding, bool ceil_mode,
                           bool count_include_pad,
                           std::optional<int64_t> divisor_override = std::nullopt);

// nll_loss as AOT autograd's graphs split it (PyTorch's nll_loss_forward / nll_loss_backward):
// the loss and total_weight, the summed weight of the non-ignored targets (a 0-dim tensor of the
// input's dtype), the divisor of reduction="mean". Any input rank nll_loss takes ((C), (N, C),
// (N, C, d1, ...)); PyTorch routes 4-D inputs through nll_loss2d_forward instead.
std::pair<Tensor, Tensor> nll_loss_forward(const Tensor& input, const Tensor& target, const Tensor& weight,
                                           const std::string& reduction, int64_t ignore_index);
// d loss / d input: -weight[target] * grad (/ total_weight for the mean) at each target's class,
// zero elsewhere and for ignored targets. The eager NllLossBackward0 runs this too.
Tensor nll_loss_backward(const Tensor& grad, const Tensor& input, const Tensor& target, const Tensor& weight,
                         const std::string& reduction, int64_t ignore_index, const Tensor& total_weight);

// embedding's weight gradient: each output row's gradient summed into the row it read, none into
// `padding_idx` (-1: no padding row). The eager EmbeddingBackward0 runs this too.
Tensor embedding_dense_backward(const Tensor& grad, const Tensor& indices, int64_t num_weights, int64_t padding_idx);
// aten::_ctc_loss_backward (ops/ctc_loss.cpp; the eager CtcLossBackward0's kernel): ATen's gradient
// with respect to log_probs (T, N, C).
Tensor ctc_loss_backward(const Tensor& grad_out, const Tensor& log_probs, const Tensor& targets,
                         const std::vector<int64_t>& input_lengths, const std::vector<int64_t>& target_lengths,
                         const Tensor& neg_log_likelihood, const Tensor& log_alpha, int64_t blank, bool zero_infinity);
// embedding_bag's gradients (ops/embedding_bag.cpp; the eager EmbeddingBagBackward0's kernels):
// the weight's (bag_size and max_indices are the forward's third and fourth outputs; padding_idx -1
// for none) and the per-sample weights'.
Tensor embedding_bag_backward(const Tensor& grad, const Tensor& indices, const Tensor& offsets, const Tensor& bag_size,
                              const Tensor& max_indices, int64_t num_weights, bool scale_grad_by_freq, int64_t mode,
                              const Tensor& per_sample_weights, int64_t padding_idx);
Tensor embedding_bag_per_sample_weights_backward(const Tensor& grad, const Tensor& weight, const Tensor& indices,
                                                 const Tensor& offsets, int64_t mode, int64_t padding_idx);

// adaptive_avg_pool2d's gradient (ops/conv.cpp; the eager AdaptiveAvgPool2DBackward0's kernel).
Tensor adaptive_avg_pool2d_backward(const Tensor& grad, const Shape& in_shape);
Tensor adaptive_avg_pool3d_backward(const Tensor& grad, const Shape& in_shape);
// The 3-d pooling gradients (aten::max_pool3d_with_indices_backward, aten::avg_pool3d_backward).
Tensor max_pool3d_with_indices_backward(const Tensor& grad, const Tensor& x, const Tensor& indices);
Tensor avg_pool3d_backward(const Tensor& grad, const Tensor& x, std::vector<int64_t> kernel_size,
                           std::vector<int64_t> stride, std::vector<int64_t> padding, bool ceil_mode,
                           bool count_include_pad, std::optional<int64_t> divisor_override);

}  // namespace kiln
