// Ops that PyTorch's autograd sees as compositions of other ops (CompositeImplicitAutograd): their
// grad_fns are the pieces', and AOT autograd rebuilds them from the same pieces before
// differentiating (engine/aot/derivatives.cpp, decompose_composite). Declared here, beside ops.h,
// for the bindings (torch.nn.functional) and the op table (graph/optable), which both call them.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "tensor/tensor.h"

namespace kiln {

// ---- reduce.cpp: x.all(dim)/x.any(dim) (aten::all.dim(s)/any.dim(s); no dims: every dim): a count of
// zero (nonzero) elements compared with 0.
Tensor all(const Tensor& x, const std::vector<int64_t>& dims, bool keepdim = false);
Tensor any(const Tensor& x, const std::vector<int64_t>& dims, bool keepdim = false);

// ---- loss.cpp ------------------------------------------------------------------------------------
// reduction: "mean" | "sum" | "none".
Tensor smooth_l1_loss(const Tensor& input, const Tensor& target, const std::string& reduction = "mean", double beta = 1.0);
Tensor huber_loss(const Tensor& input, const Tensor& target, const std::string& reduction = "mean", double delta = 1.0);
// ATen's binary_cross_entropy: log terms clamped at -100; one BinaryCrossEntropyBackward0 node with
// ATen's eps-guarded gradient (loss.cpp).
Tensor binary_cross_entropy(const Tensor& input, const Tensor& target, const Tensor& weight = Tensor(),
                            const std::string& reduction = "mean");

// ---- nn_extra.cpp: unary math PyTorch has kernels for and Kiln composes (x.square(), torch.log2, ...),
// shared by the Tensor methods (bindings) and the op table (TorchScript's aten::square, ...). Each
// result's grad_fn carries PyTorch's name (PowBackward0 for square, as PyTorch's square is pow(x, 2)).
Tensor square(const Tensor& x);
Tensor log2(const Tensor& x);
Tensor log10(const Tensor& x);
Tensor exp2(const Tensor& x);
Tensor trunc(const Tensor& x);  // integer dtypes: x itself
// lerp with a tensor weight, ATen's two-branch formula (self + w * (end - self) for |w| < 0.5, else
// end - (end - self) * (1 - w)), composed from differentiable ops so autograd gives (1 - w), w and
// (end - self) as PyTorch's lerp backward does.
Tensor lerp(const Tensor& self, const Tensor& end, const Tensor& weight);

// ---- nn_extra.cpp: activations, as F.elu/selu/mish/logsigmoid/hardsigmoid/hardswish/threshold ----
Tensor elu(const Tensor& x, double alpha = 1.0);
Tensor selu(const Tensor& x);
Tensor mish(const Tensor& x);
Tensor log_sigmoid(const Tensor& x);
Tensor hardsigmoid(const Tensor& x);
Tensor hardswish(const Tensor& x);
// F.softsign: x / (1 + |x|).
Tensor softsign(const Tensor& x);
// F.cosine_similarity as ATen computes it: each input divided by its 2-norm over `dim` (clamped at
// eps), then the sum of the products over `dim`.
Tensor cosine_similarity(const Tensor& x1, const Tensor& x2, int64_t dim = 1, double eps = 1e-8);
Tensor threshold(const Tensor& x, Scalar threshold, Scalar value);
// ATen's hardtanh (and relu6 = hardtanh(x, 0, 6)): a clamp whose bounds never promote the input (an
// integer tensor stays integer, the bounds truncated); bool inputs refused.
Tensor hardtanh(const Tensor& x, Scalar min_val, Scalar max_val);

// ---- nn_extra.cpp: F.pad(mode='constant') as aten::constant_pad_nd: pad = (left, right, top, bottom,
// ...) from the last dim; negative pads crop. Blocks of `value` concatenated around the input.
Tensor constant_pad_nd(const Tensor& input, const std::vector<int64_t>& pad, Scalar value = Scalar(int64_t(0)));

// ---- nn_extra.cpp: F.pad's 'reflect', 'replicate' and 'circular' modes (ATen's _pad_enum) over the last
// 1, 2 or 3 dims of a batched or unbatched input, as aten::reflection_padNd / replication_padNd / pad:
// one index_select per padded dim, whose source positions pad_source_index gives (AOT autograd builds
// the same index_selects, so the backward accumulates into the sources as ATen's pad backward kernels).
// pad_check raises PyTorch's errors for the whole call first (F.pad's and the padNd kernels').
void pad_check(const Tensor& input, const std::vector<int64_t>& pad, const std::string& mode);
std::vector<int64_t> pad_source_index(const std::string& mode, int64_t len, int64_t lo, int64_t hi);
Tensor pad_nonconstant(const Tensor& input, const std::vector<int64_t>& pad, const std::string& mode);

// ---- nn_extra.cpp: F.pairwise_distance as ATen: the p-norm of x1 - x2 + eps over the innermost dim
// of the broadcast result.
Tensor pairwise_distance(const Tensor& x1, const Tensor& x2, double p = 2.0, double eps = 1e-6, bool keepdim = false);

// ---- index.cpp: torch.take_along_dim (gather after broadcasting every dim but `dim`; no dim: both
// flattened) and torch.broadcast_tensors (an expand of each to the common shape).
Tensor take_along_dim(const Tensor& input, const Tensor& indices, std::optional<int64_t> dim);
std::vector<Tensor> broadcast_tensors(const std::vector<Tensor>& tensors);

}  // namespace kiln
