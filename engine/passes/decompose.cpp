// Decompositions: composite aten ops rewritten into the primitive aten ops the scheduler knows how
// to fuse (pointwise ops, reductions, views) and the matrix products it hands to extern kernels.
//
// This is the job of AOTAutograd's decomposition table in PyTorch's Inductor: after it, softmax is
// amax/sub/exp/sum/div, gelu is mul/erf/add/mul, and a linear layer is t + addmm. The point is that
// fusion only sees simple loops: a softmax that stays one opaque op cannot be fused with the add in
// front of it or the mul behind it, while its pieces can. Each rewrite below states its formula;
// the formulas are the usual mathematical definitions, arranged as PyTorch's decompositions arrange
// them, and match Kiln's eager kernels to float rounding (tests/passes checks each one in float64).
//
// A rewrite applies only where its result is certainly the same op: the arguments that select a
// variant (gelu's approximate, dropout's train, batch_norm's training, softmax's dtype) must be
// constants of the covered values, and tensors must have complete types. Anything else is left as
// the composite op, which later stages run as a fallback kernel.
#include <algorithm>
#include <cmath>
#include <functional>
#include <unordered_map>

#include "cuda/cuda.h"
#include "passes/emit.h"
#include "passes/passes.h"
#include "support/function.h"

namespace kiln::passes {

using graph::IValue;
using graph::Node;
using graph::Value;

namespace {

bool is_float(const Value* v) {
    auto t = tensor_info(v);
    return t && dtype_is_floating(t->dtype);
}

// float32/float64 only where a decomposition reduces: Kiln's eager kernels compute float16/bfloat16
// reductions in float32 and round once, which a chain of half-precision ops would not reproduce.
bool is_full_float(const Value* v) {
    auto t = tensor_info(v);
    return t && (t->dtype == DType::Float32 || t->dtype == DType::Float64);
}

std::optional<bool> const_bool(const Value* v) {
    auto c = constant_value(v);
    if (!c || !c->is_bool()) return std::nullopt;
    return c->to_bool();
}

// Dims of a reduction argument (`int[1]? dim`): None or [] mean every dim; wrapped and sorted.
std::optional<std::vector<int64_t>> reduction_dims(const Value* v, int64_t ndim) {
    std::vector<int64_t> dims;
    if (!is_none_value(v)) {
        auto d = constant_ints(v);
        if (!d) return std::nullopt;
        dims = *d;
    }
    if (dims.empty())
        for (int64_t d = 0; d < ndim; ++d) dims.push_back(d);
    for (int64_t& d : dims) d = wrap_dim(d, std::max<int64_t>(ndim, 1));
    std::sort(dims.begin(), dims.end());
    if (ndim == 0) dims.clear();
    return dims;
}

int64_t count_over(const TensorInfo& t, const std::vector<int64_t>& dims) {
    int64_t n = 1;
    for (int64_t d : dims) n *= t.sizes[size_t(d)];
    return n;
}

// ---- the rewrites: each returns the value replacing the node's output, or nullptr to keep it ----

// gelu(x) = x/2 * (1 + erf(x/sqrt(2)));
// tanh form: x/2 * (1 + tanh(sqrt(2/pi) * (x + 0.044715 x^3))).
Value* gelu(Emitter& e, Node* n) {
    Value* x = n->input(0);
    auto mode = constant_value(input_named(n, "approximate"));
    if (!is_float(x) || !mode || !mode->is_string()) return nullptr;
    Value* half_x = e.binary("mul", x, 0.5);
    if (mode->to_string() == "none") {
        Value* erf = e.unary("aten::erf", e.binary("mul", x, M_SQRT1_2));
        return e.binary("mul", half_x, e.binary("add", erf, 1.0));
    }
    if (mode->to_string() != "tanh") return nullptr;
    Value* cube = e.binary("mul", e.pow(x, 3.0), 0.044715);
    Value* inner = e.binary("mul", e.binary("add", x, cube), M_2_SQRTPI * M_SQRT1_2);  // sqrt(2/pi)
    return e.binary("mul", half_x, e.binary("add", e.unary("aten::tanh", inner), 1.0));
}

// silu(x) = x * sigmoid(x) = x / (1 + exp(-x)).
Value* silu(Emitter& e, Node* n) {
    Value* x = n->input(0);
    if (!is_float(x)) return nullptr;
    Value* denom = e.binary("add", e.unary("aten::exp", e.unary("aten::neg", x)), 1.0);
    return e.binary("div", x, denom);
}

// softmax(x, d) = exp(x - max_d x) / sum_d exp(x - max_d x); the max makes exp never overflow.
// log_softmax(x, d) = (x - max) - log(sum_d exp(x - max)).
Value* softmax(Emitter& e, Node* n, bool log) {
    Value* x = n->input(0);
    auto dim = constant_ints(input_named(n, "dim"));
    if (!is_full_float(x) || !dim || dim->size() != 1 || !is_none_value(input_named(n, "dtype"))) return nullptr;
    TensorInfo t = Emitter::info(x);
    if (t.dim() == 0) return nullptr;
    std::vector<int64_t> d{wrap_dim((*dim)[0], t.dim())};
    Value* shifted = e.binary("sub", x, e.amax(x, d, true));
    Value* total = e.sum(e.unary("aten::exp", shifted), d, true);
    if (log) return e.binary("sub", shifted, e.unary("aten::log", total));
    // exp is recomputed here rather than shared: CSE merges the two exp nodes into one.
    return e.binary("div", e.unary("aten::exp", shifted), total);
}

// scaled_dot_product_attention(q, k, v, mask) = softmax(q * scale @ k^T + mask) @ v, with q's scale
// applied on its way into head-major order (one pointwise copy, as nn.MultiheadAttention's own
// steps do) and k and v copied contiguous for the two matrix products. On the GPU, where
// engine/cuda's fused kernel covers the call, it stays one op (an extern kernel, as Inductor keeps
// aten._scaled_dot_product_efficient_attention): fusing it beats any schedule of its pieces.
// Left as it is (a fallback running the eager op) with dropout, is_causal or a bool mask.
Value* scaled_dot_product_attention(Emitter& e, Node* n) {
    Value *q = n->input(0), *k = n->input(1), *v = n->input(2), *mask = input_named(n, "attn_mask");
    auto dropout = constant_value(input_named(n, "dropout_p"));
    auto causal = const_bool(input_named(n, "is_causal"));
    auto gqa = const_bool(input_named(n, "enable_gqa"));
    auto scale_c = constant_value(input_named(n, "scale"));
    auto tq = tensor_info(q), tk = tensor_info(k), tv = tensor_info(v);
    if (!tq || !tk || !tv || !dropout || !dropout->is_number() || dropout->to_double() != 0.0 || !causal || *causal ||
        !gqa || *gqa || !scale_c || !(scale_c->is_none() || scale_c->is_number()))
        return nullptr;
    if (tq->device == Device::CUDA && tq->dim() == 4 &&
        cuda::attention_supported(uint8_t(tq->dtype), tq->sizes.back(), tv->sizes.back()))
        return nullptr;  // the fused kernel
    if (!is_full_float(q) || tq->dtype != tk->dtype || tq->dtype != tv->dtype || tq->dim() < 2 ||
        tk->dim() != tq->dim() || tv->dim() != tq->dim())
        return nullptr;
    const int64_t nd = tq->dim();
    for (int64_t d = 0; d < nd - 2; ++d)
        if (tk->sizes[size_t(d)] != tq->sizes[size_t(d)] || tv->sizes[size_t(d)] != tq->sizes[size_t(d)]) return nullptr;
    if (!is_none_value(mask)) {
        auto tm = tensor_info(mask);
        if (!tm || tm->dtype != tq->dtype) return nullptr;
    }
    const double scale = scale_c->is_none() ? 1.0 / std::sqrt(double(tq->sizes.back())) : scale_c->to_double();
    auto clone = [&](Value* x) {
        TensorInfo t = Emitter::info(x);
        // contiguous_format (0), not preserve: a clone of a non-dense input keeps its stride order (ATen's
        // infer_dense_strides), while this decomposition needs, and types, a contiguous copy
        return e.op("aten::clone", {x, e.constant(IValue(int64_t(0)))}, contiguous_like(t.dtype, t.sizes, t.device));
    };
    auto transposed = [&](Value* x) {
        TensorInfo t = Emitter::info(x);
        std::swap(t.sizes[size_t(nd - 2)], t.sizes[size_t(nd - 1)]);
        std::swap(t.strides[size_t(nd - 2)], t.strides[size_t(nd - 1)]);
        return e.op("aten::transpose.int", {x, e.constant(IValue(int64_t(-2))), e.constant(IValue(int64_t(-1)))}, t);
    };
    auto matmul = [&](Value* a, Value* b) {
        TensorInfo ta = Emitter::info(a), tb = Emitter::info(b);
        Shape sizes = ta.sizes;
        sizes.back() = tb.sizes.back();
        return e.op("aten::matmul", {a, b}, contiguous_like(ta.dtype, sizes, ta.device));
    };
    Value* scores = matmul(e.binary("mul", q, scale), transposed(clone(k)));
    if (!is_none_value(mask)) scores = e.binary("add", scores, mask);
    std::vector<int64_t> last{nd - 1};
    Value* shifted = e.binary("sub", scores, e.amax(scores, last, true));
    Value* probs = e.binary("div", e.unary("aten::exp", shifted), e.sum(e.unary("aten::exp", shifted), last, true));
    return matmul(probs, clone(v));
}

// layer_norm over the last k dims: (x - mean) * rsqrt(var + eps) * weight + bias, with the biased
// variance mean((x - mean)^2); mean and var are sums divided by the element count.
Value* layer_norm(Emitter& e, Node* n) {
    Value* x = n->input(0);
    auto shape = constant_ints(input_named(n, "normalized_shape"));
    auto eps = constant_value(input_named(n, "eps"));
    if (!is_full_float(x) || !shape || !eps || !eps->is_number()) return nullptr;
    TensorInfo t = Emitter::info(x);
    int64_t k = int64_t(shape->size());
    if (k == 0 || k > t.dim()) return nullptr;
    std::vector<int64_t> dims;
    for (int64_t d = t.dim() - k; d < t.dim(); ++d) dims.push_back(d);
    const double count = double(count_over(t, dims));
    Value* mean = e.binary("div", e.sum(x, dims, true), count);
    Value* centered = e.binary("sub", x, mean);
    Value* var = e.binary("div", e.sum(e.binary("mul", centered, centered), dims, true), count);
    Value* rstd = e.unary("aten::rsqrt", e.binary("add", var, eps->to_double()));
    Value* y = e.binary("mul", centered, rstd);
    Value* w = input_named(n, "weight");
    Value* b = input_named(n, "bias");
    if (!is_none_value(w)) y = e.binary("mul", y, w);
    if (!is_none_value(b)) y = e.binary("add", y, b);
    return y;
}

// linear(x, W, b) = x @ W^T + b. 2-D x: addmm(b, x, t(W)) (mm without bias), which is one GEMM with
// the bias folded in. Higher ranks with a contiguous x flatten the batch dims into rows first
// (view -> addmm -> view, as PyTorch's decomposition does), so the product is still one GEMM;
// otherwise matmul + add.
Value* linear(Emitter& e, Node* n) {
    Value* x = n->input(0);
    Value* w = input_named(n, "weight");
    Value* b = input_named(n, "bias");
    auto xt = tensor_info(x);
    auto wt = tensor_info(w);
    if (!xt || !wt || wt->dim() != 2 || xt->dim() < 2) return nullptr;
    bool has_bias = !is_none_value(b);
    if (has_bias && (!tensor_info(b) || tensor_info(b)->dim() > 1)) return nullptr;
    Value* wT = e.t(w);
    if (xt->dim() == 2) return has_bias ? e.addmm(b, x, wT) : e.mm(x, wT);
    const int64_t in = xt->sizes.back(), out = wt->sizes[0];
    if (xt->contiguous()) {
        Value* rows = e.view(x, {shape_numel(xt->sizes) / std::max<int64_t>(in, 1), in});
        Value* y = has_bias ? e.addmm(b, rows, wT) : e.mm(rows, wT);
        std::vector<int64_t> sizes(xt->sizes.begin(), xt->sizes.end());
        sizes.back() = out;
        return e.view(y, sizes);
    }
    Shape sizes = xt->sizes;
    sizes.back() = out;
    Value* y = e.op("aten::matmul", {x, wT}, contiguous_like(promote_types(xt->dtype, wt->dtype), sizes, xt->device));
    return has_bias ? e.binary("add", y, b) : y;
}

// Eval-mode batch norm per channel c (dim 1): (x - mean[c]) * rsqrt(var[c] + eps) * w[c] + b[c].
// rsqrt runs on the [C] statistics; each [C] vector is unsqueezed to [C, 1, ...] so it broadcasts
// against (N, C, ...).
Value* batch_norm(Emitter& e, Node* n) {
    Value* x = n->input(0);
    Value* mean = input_named(n, "running_mean");
    Value* var = input_named(n, "running_var");
    auto training = const_bool(input_named(n, "training"));
    auto eps = constant_value(input_named(n, "eps"));
    if (!is_full_float(x) || !training || *training || !eps || !eps->is_number()) return nullptr;
    if (is_none_value(mean) || is_none_value(var) || !tensor_info(mean) || !tensor_info(var)) return nullptr;
    TensorInfo t = Emitter::info(x);
    if (t.dim() < 2) return nullptr;
    auto per_channel = [&](Value* v) {
        for (int64_t d = 2; d < t.dim(); ++d) v = e.unsqueeze(v, -1);
        return v;
    };
    Value* invstd = e.unary("aten::rsqrt", e.binary("add", var, eps->to_double()));
    Value* y = e.binary("mul", e.binary("sub", x, per_channel(mean)), per_channel(invstd));
    Value* w = input_named(n, "weight");
    Value* b = input_named(n, "bias");
    if (!is_none_value(w)) y = e.binary("mul", y, per_channel(w));
    if (!is_none_value(b)) y = e.binary("add", y, per_channel(b));
    return y;
}

// Eval-mode dropout is the identity.
Value* dropout(Emitter&, Node* n) {
    auto train = const_bool(input_named(n, "train"));
    return train && !*train ? n->input(0) : nullptr;
}

// max_pool2d without indices, no padding, at most 25 taps per window (Inductor's lowering, which
// falls back to the aten kernel past 25) -> the maximum over the window's taps, each tap a strided
// view of the input: out[.., i, j] = max over (kh, kw) of x[.., i*sH + kh*dH, j*sW + kw*dW], i.e.
// x[.., kh*dH :: sH, kw*dW :: sW] cut to the output's size. The fold keeps the eager kernel's
// choice among equal values and NaNs (the first tap wins unless a later one is greater or NaN):
// maximum(tap, acc) returns acc unless tap > acc or tap is NaN. The pool becomes a pointwise kernel
// that fuses with its readers, and sink_views can move the pointwise ops in front of it behind the
// views (relu(conv + bias) computed at the taps). Padded windows (ResNet's stem pool) stay the aten
// kernel: they need loads masked with -inf, which the kernel IR does not have.
Value* max_pool2d(Emitter& e, Node* n) {
    Value* x = n->input(0);
    if (!is_full_float(x) || n->inputs.size() < 6) return nullptr;
    auto pair = [&](const Value* v, std::vector<int64_t> dflt) -> std::optional<std::vector<int64_t>> {
        auto c = constant_ints(v);
        if (!c) return std::nullopt;
        if (c->empty()) return dflt;
        if (c->size() == 1) return std::vector<int64_t>{(*c)[0], (*c)[0]};
        if (c->size() != 2) return std::nullopt;
        return c;
    };
    auto k = pair(n->input(1), {});
    if (!k || k->size() != 2) return nullptr;
    auto s = pair(n->input(2), *k), p = pair(n->input(3), {0, 0}), d = pair(n->input(4), {1, 1});
    auto ceil = const_bool(n->input(5));
    if (!s || !p || !d || !ceil) return nullptr;
    if ((*p)[0] != 0 || (*p)[1] != 0 || (*k)[0] * (*k)[1] > 25 || (*k)[0] * (*k)[1] < 2) return nullptr;  // one tap: a view, not a new tensor
    for (int i = 0; i < 2; ++i)
        if ((*k)[size_t(i)] < 1 || (*s)[size_t(i)] < 1 || (*d)[size_t(i)] < 1) return nullptr;
    TensorInfo t = Emitter::info(x);
    TensorInfo out = Emitter::info(n->output());
    if (t.dim() < 3 || out.dim() != t.dim() || shape_numel(out.sizes) == 0) return nullptr;
    const int64_t hd = t.dim() - 2, wd = t.dim() - 1;
    const int64_t ho = out.sizes[size_t(hd)], wo = out.sizes[size_t(wd)];
    // ceil_mode's extra window, when there is one, starts inside the input but may end past it
    // (a window the eager kernel clips): only outputs every tap of which is in bounds are covered.
    for (int i = 0; i < 2; ++i) {
        const int64_t last = (i == 0 ? ho : wo) - 1;
        const int64_t extent = t.sizes[size_t(i == 0 ? hd : wd)];
        if (last * (*s)[size_t(i)] + ((*k)[size_t(i)] - 1) * (*d)[size_t(i)] >= extent) return nullptr;
    }
    Value* acc = nullptr;
    for (int64_t kh = 0; kh < (*k)[0]; ++kh) {
        // One row view per kh, shared by its taps (sink_views then sees each element read once).
        const int64_t h0 = kh * (*d)[0];
        Value* rows = e.slice(x, hd, h0, h0 + (ho - 1) * (*s)[0] + 1, (*s)[0]);
        for (int64_t kw = 0; kw < (*k)[1]; ++kw) {
            const int64_t w0 = kw * (*d)[1];
            Value* tap = e.slice(rows, wd, w0, w0 + (wo - 1) * (*s)[1] + 1, (*s)[1]);
            if (!acc) {
                acc = tap;
                continue;
            }
            acc = e.op("aten::maximum", {tap, acc}, Emitter::info(n->output()));
        }
    }
    return acc;
}

// mean = sum / count (float inputs; torch.mean rejects integer ones).
Value* mean(Emitter& e, Node* n) {
    Value* x = n->input(0);
    if (!is_full_float(x) || !is_none_value(input_named(n, "dtype"))) return nullptr;
    TensorInfo t = Emitter::info(x);
    if (n->schema->overload.empty()) return e.binary("div", e.sum_all(x), double(shape_numel(t.sizes)));
    auto dims = reduction_dims(input_named(n, "dim"), t.dim());
    auto keep = const_bool(input_named(n, "keepdim"));
    if (!dims || !keep) return nullptr;
    return e.binary("div", e.sum(x, *dims, *keep), double(count_over(t, *dims)));
}

// adaptive_avg_pool2d(x, (1, 1)) = sum over the last two dims (kept) / (H * W), where the window
// H x W has at most 25 elements: Inductor's lowering (a pointwise loop over windows of up to 25
// taps, the fallback kernel past that). The classifier heads' global pool then fuses with the
// pointwise kernel in front of it (ResNet-18 at 32x32: a 1x1 window, where the eager kernel was a
// reduction launch of its own, 20 us on an H200, for 64K one-element rows).
Value* adaptive_avg_pool2d(Emitter& e, Node* n) {
    Value* x = n->input(0);
    if (!is_full_float(x)) return nullptr;
    auto out = constant_ints(input_named(n, "output_size"));
    TensorInfo t = Emitter::info(x);
    if (!out || out->size() != 2 || (*out)[0] != 1 || (*out)[1] != 1 || (t.dim() != 3 && t.dim() != 4)) return nullptr;
    const int64_t h = t.sizes[size_t(t.dim() - 2)], w = t.sizes[size_t(t.dim() - 1)];
    if (h <= 0 || w <= 0 || h * w > 25) return nullptr;
    // A 1x1 map: each output is its one element, a pointwise op (Inductor makes a reduction over one
    // element pointwise; as a reduction kernel it took 14 us where a pointwise pass takes ~4).
    if (h * w == 1) return e.binary("div", x, 1.0);
    return e.binary("div", e.sum(x, {t.dim() - 2, t.dim() - 1}, true), double(h * w));
}

// var = sum((x - mean)^2) / (count - correction); correction 1 is the unbiased estimator.
Value* var(Emitter& e, Node* n) {
    Value* x = n->input(0);
    if (!is_full_float(x)) return nullptr;
    TensorInfo t = Emitter::info(x);
    const std::string& ov = n->schema->overload;
    std::optional<std::vector<int64_t>> dims;
    std::optional<bool> keep = false;
    double correction = 1;
    if (ov.empty() || ov == "dim") {
        auto unbiased = const_bool(input_named(n, "unbiased"));
        if (!unbiased) return nullptr;
        correction = *unbiased ? 1 : 0;
        dims = ov.empty() ? reduction_dims(nullptr, t.dim()) : reduction_dims(input_named(n, "dim"), t.dim());
        if (!ov.empty()) keep = const_bool(input_named(n, "keepdim"));
    } else if (ov == "correction") {
        auto c = constant_value(input_named(n, "correction"));
        if (!c || !(c->is_none() || c->is_number())) return nullptr;
        correction = c->is_none() ? 1 : c->to_double();
        dims = reduction_dims(input_named(n, "dim"), t.dim());
        keep = const_bool(input_named(n, "keepdim"));
    } else {
        return nullptr;
    }
    if (!dims || !keep) return nullptr;
    const double count = double(count_over(t, *dims));
    if (count - correction <= 0) return nullptr;  // the eager op's inf/nan case stays the eager op
    Value* centered = e.binary("sub", x, e.binary("div", e.sum(x, *dims, true), count));
    Value* squares = e.sum(e.binary("mul", centered, centered), *dims, *keep);
    return e.binary("div", squares, count - correction);
}

// addcmul(x, a, b, value) = x + value * a * b; addcdiv(x, a, b, value) = x + value * a / b (the
// kernels' order: the product with value first). A value of 1 is left out (1 * a is a exactly).
// float16/bfloat16 operands keep the op: its ternary row (schedule.cpp) computes x + value * a * b in
// float32 and rounds once, as the eager kernel does, where the decomposed product, when the scheduler
// materializes it (a product smaller than the broadcast result), was rounded to 8 or 11 bits first
// (6 bfloat16 ulps off in the op matrix's cancelling case).
Value* addc(Emitter& e, Node* n, const char* op) {
    Value* x = n->input(0);
    auto value = constant_value(n->input(3));
    if (!is_float(x) || !value || !(value->is_double() || value->is_int())) return nullptr;
    for (size_t i = 0; i < 3; ++i)
        if (auto t = tensor_info(n->input(i)); !t || t->dtype == DType::Float16 || t->dtype == DType::BFloat16) return nullptr;
    const double v = value->to_double();
    Value* num = v == 1.0 ? n->input(1) : e.binary("mul", n->input(1), v);
    return e.binary("add", x, e.binary(op, num, n->input(2)));
}

// lerp(x, end, w) with PyTorch's two-sided formula, picked by the constant weight: x + w * (end - x)
// for |w| < 0.5, else end - (end - x) * (1 - w) (exact at w = 0 and w = 1).
Value* lerp(Emitter& e, Node* n) {
    Value* x = n->input(0);
    auto weight = constant_value(n->input(2));
    if (!is_float(x) || !weight || !(weight->is_double() || weight->is_int())) return nullptr;
    const double w = weight->to_double();
    Value* diff = e.binary("sub", n->input(1), x);
    if (w < 0.5 && w > -0.5) return e.binary("add", x, e.binary("mul", diff, w));
    return e.binary("sub", n->input(1), e.binary("mul", diff, 1.0 - w));
}

// ---- batch norm in training graphs (AOT autograd's ops, multi-output) -------------------------
// Per channel c (dim 1), over N and the spatial dims (count elements): mean = sum(x) / count,
// rstd = rsqrt(sum((x - mean)^2) / count + eps), y = (x - mean) * rstd * w + b; the running
// statistics move by momentum m toward the batch's, the variance unbiased (count - 1), as the eager
// kernel does. The [C] vectors broadcast against (N, C, ...) unsqueezed to [C, 1, ...].
struct ChannelStats {
    std::vector<int64_t> dims;  // 0, 2, 3, ...
    double count = 1;
    int64_t dim = 0;
};

std::optional<ChannelStats> channel_stats(const Value* x) {
    if (!is_full_float(x)) return std::nullopt;
    TensorInfo t = Emitter::info(x);
    if (t.dim() < 2) return std::nullopt;
    ChannelStats s;
    s.dim = t.dim();
    for (int64_t d = 0; d < t.dim(); ++d)
        if (d != 1) {
            s.dims.push_back(d);
            s.count *= double(t.sizes[size_t(d)]);
        }
    return s;
}

Value* per_channel(Emitter& e, Value* v, int64_t dim) {
    for (int64_t d = 2; d < dim; ++d) v = e.unsqueeze(v, -1);
    return v;
}

bool same_dtype(const Value* a, const Value* b) {
    auto ta = tensor_info(a), tb = tensor_info(b);
    return ta && tb && ta->dtype == tb->dtype;
}

// _native_batch_norm_legit_functional (training) -> (y, mean, rstd, new running mean, new running var).
std::vector<Value*> batch_norm_functional(Emitter& e, Node* n) {
    Value* x = n->input(0);
    Value* w = input_named(n, "weight");
    Value* b = input_named(n, "bias");
    Value* rm = input_named(n, "running_mean");
    Value* rv = input_named(n, "running_var");
    auto training = const_bool(input_named(n, "training"));
    auto momentum = constant_value(input_named(n, "momentum"));
    auto eps = constant_value(input_named(n, "eps"));
    auto st = channel_stats(x);
    if (!st || !training || !*training || !momentum || !momentum->is_number() || !eps || !eps->is_number()) return {};
    if (st->count <= 1 || !same_dtype(x, rm) || !same_dtype(x, rv)) return {};  // eager's NaN variance stays eager
    const int64_t C = Emitter::info(x).sizes[1];
    const double m = momentum->to_double();
    Value* mean = e.binary("div", e.sum(x, st->dims, true), st->count);
    Value* xc = e.binary("sub", x, mean);
    Value* ss = e.sum(e.binary("mul", xc, xc), st->dims, true);
    Value* rstd = e.unary("aten::rsqrt", e.binary("add", e.binary("div", ss, st->count), eps->to_double()));
    Value* y = e.binary("mul", xc, rstd);
    if (!is_none_value(w)) y = e.binary("mul", y, per_channel(e, w, st->dim));
    if (!is_none_value(b)) y = e.binary("add", y, per_channel(e, b, st->dim));
    Value* save_mean = e.view(mean, {C});
    Value* save_rstd = e.view(rstd, {C});
    Value* unbiased = e.view(e.binary("div", ss, st->count - 1), {C});
    Value* new_rm = e.binary("add", e.binary("mul", rm, 1 - m), e.binary("mul", save_mean, m));
    Value* new_rv = e.binary("add", e.binary("mul", rv, 1 - m), e.binary("mul", unbiased, m));
    return {y, save_mean, save_rstd, new_rm, new_rv};
}

// native_batch_norm_backward -> (dx, dweight, dbias), the formula of aot/derivatives.cpp's batch_norm:
// dx = rstd * (gw - mean(gw) - xhat * mean(gw * xhat)) in training, gw * rstd in eval.
std::vector<Value*> batch_norm_backward(Emitter& e, Node* n) {
    Value* g = n->input(0);
    Value* x = n->input(1);
    Value* w = input_named(n, "weight");
    auto train = const_bool(input_named(n, "train"));
    auto eps = constant_value(input_named(n, "eps"));
    auto st = channel_stats(x);
    if (!st || !train || !eps || !eps->is_number() || !same_dtype(g, x)) return {};
    auto mask = constant_value(input_named(n, "output_mask"));
    if (!mask || !mask->is_list() || mask->items().size() != 3) return {};
    bool want[3];
    for (size_t i = 0; i < 3; ++i) {
        want[i] = mask->items()[i].to_bool();
        if (!want[i] && !n->outputs[i]->uses.empty()) return {};
    }
    Value* mean;
    Value* rstd;
    Value* save_mean = input_named(n, "save_mean");
    Value* save_rstd = input_named(n, "save_invstd");
    if (*train && !is_none_value(save_mean) && !is_none_value(save_rstd)) {
        mean = per_channel(e, e.unsqueeze(save_mean, 0), st->dim);
        rstd = per_channel(e, e.unsqueeze(save_rstd, 0), st->dim);
    } else if (*train) {
        mean = e.binary("div", e.sum(x, st->dims, true), st->count);
        Value* xc = e.binary("sub", x, mean);
        rstd = e.unary("aten::rsqrt",
                       e.binary("add", e.binary("div", e.sum(e.binary("mul", xc, xc), st->dims, true), st->count), eps->to_double()));
    } else {
        Value* rm = input_named(n, "running_mean");
        Value* rv = input_named(n, "running_var");
        if (is_none_value(rm) || is_none_value(rv)) return {};
        mean = per_channel(e, e.unsqueeze(rm, 0), st->dim);
        rstd = per_channel(e, e.unsqueeze(e.unary("aten::rsqrt", e.binary("add", rv, eps->to_double())), 0), st->dim);
    }
    Value* xhat = e.binary("mul", e.binary("sub", x, mean), rstd);
    std::vector<Value*> r(3, nullptr);
    if (want[0]) {
        Value* gw = is_none_value(w) ? g : e.binary("mul", g, per_channel(e, e.unsqueeze(w, 0), st->dim));
        if (*train) {
            auto mean_of = [&](Value* v) { return e.binary("div", e.sum(v, st->dims, true), st->count); };
            Value* inner = e.binary("sub", e.binary("sub", gw, mean_of(gw)), e.binary("mul", xhat, mean_of(e.binary("mul", gw, xhat))));
            r[0] = e.binary("mul", inner, rstd);
        } else {
            r[0] = e.binary("mul", gw, rstd);
        }
    }
    if (want[1]) r[1] = e.sum(e.binary("mul", g, xhat), st->dims, false);
    if (want[2]) r[2] = e.sum(g, st->dims, false);
    return r;
}

using MultiRewrite = kiln::Function<std::vector<Value*>(Emitter&, Node*)>;

// Rewrites of ops with several outputs: one replacement per output (nullptr: an output nothing reads).
const std::unordered_map<std::string, MultiRewrite>& multi_table() {
    static const std::unordered_map<std::string, MultiRewrite> t = {
        {"aten::_native_batch_norm_legit_functional", batch_norm_functional},
        {"aten::native_batch_norm_backward", batch_norm_backward},
    };
    return t;
}

using Rewrite = kiln::Function<Value*(Emitter&, Node*)>;

// Keyed by operator name; each rewrite checks the overload it handles.
const std::unordered_map<std::string, Rewrite>& table() {
    static const std::unordered_map<std::string, Rewrite> t = {
        {"aten::gelu", gelu},
        {"aten::silu", silu},
        {"aten::softmax", [](Emitter& e, Node* n) { return softmax(e, n, false); }},
        {"aten::log_softmax", [](Emitter& e, Node* n) { return softmax(e, n, true); }},
        {"aten::layer_norm", layer_norm},
        {"aten::linear", linear},
        {"aten::batch_norm", batch_norm},
        {"aten::dropout", dropout},
        {"aten::mean", mean},
        {"aten::var", var},
        {"aten::addcmul", [](Emitter& e, Node* n) { return addc(e, n, "mul"); }},
        {"aten::addcdiv", [](Emitter& e, Node* n) { return addc(e, n, "div"); }},
        {"aten::lerp", lerp},
        {"aten::scaled_dot_product_attention", scaled_dot_product_attention},
        {"aten::max_pool2d", max_pool2d},
        {"aten::adaptive_avg_pool2d", adaptive_avg_pool2d},
    };
    return t;
}

}  // namespace

std::vector<std::string> decomposed_ops() {
    std::vector<std::string> names;
    for (const auto& [name, fn] : table()) names.push_back(name);
    for (const auto& [name, fn] : multi_table()) names.push_back(name);
    std::sort(names.begin(), names.end());
    return names;
}

bool decompose(graph::Graph& g) {
    bool changed = false;
    const auto& rewrites = table();
    for (Node* n : g.all_nodes()) {
        if (n->schema && n->outputs.size() > 1) {
            auto m = multi_table().find(n->kind);
            if (m == multi_table().end()) continue;
            Emitter e(n);
            std::vector<Value*> rs = m->second(e, n);
            if (rs.empty()) continue;  // decided before emitting anything
            for (size_t i = 0; i < rs.size() && i < n->outputs.size(); ++i)
                if (rs[i]) n->outputs[i]->replace_all_uses_with(rs[i]);
            n->destroy();
            changed = true;
            continue;
        }
        if (!n->schema || n->outputs.size() != 1) continue;
        auto it = rewrites.find(n->kind);
        if (it == rewrites.end()) continue;
        Emitter e(n);
        Value* replacement = it->second(e, n);
        if (!replacement) continue;  // every rewrite decides before it emits anything
        n->output()->replace_all_uses_with(replacement);
        n->destroy();
        changed = true;
    }
    return changed;
}

}  // namespace kiln::passes
