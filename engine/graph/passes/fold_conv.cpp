// Folding into convolutions: an eval-mode batch norm, or a per-channel add/sub/mul/div by a
// constant, applied to a convolution's output is the same convolution with other weights.
//
// A batch norm in eval mode is an affine map per channel c:
//     y[c] = (x[c] - mean[c]) / sqrt(var[c] + eps) * gamma[c] + beta[c]
// and a convolution is linear in its weight, so with s[c] = gamma[c] / sqrt(var[c] + eps)
//     bn(conv(x, W, b)) = conv(x, W * s (per output channel), (b - mean) * s + beta).
// The folded weights are computed with the same operation order as PyTorch's freezing pass (rsqrt
// of var + eps, then the products), in the weights' dtype, so results differ from the unfolded
// module only by float rounding. Adding a per-channel constant moves into the bias; multiplying by
// one scales weight and bias.
//
// Each fold needs the convolution's weight (and bias, or None) to be constants and its output to
// have no other user: otherwise the unfolded value is still needed and nothing is gained.
#include <optional>

#include "autograd/grad_mode.h"
#include "graph/op_registry.h"
#include "graph/passes/passes.h"
#include "ops/ops.h"

namespace kiln::graph {

namespace {

// The value of a prim::Constant input, or nullopt when the input is computed.
std::optional<IValue> constant_input(const Node* n, size_t i) {
    if (i >= n->inputs.size()) return std::nullopt;
    const Node* p = n->inputs[i]->node;
    if (!p || !p->is_constant()) return std::nullopt;
    const IValue* v = p->attr("value");
    return v ? *v : IValue();
}

std::optional<Tensor> constant_tensor(const Node* n, size_t i) {
    auto v = constant_input(n, i);
    if (!v || !v->is_tensor() || !v->to_tensor().defined()) return std::nullopt;
    return v->to_tensor();
}

// A convolution this pass can rewrite: aten::conv1d/conv2d(x, W, b, stride, padding, dilation,
// groups) or a non-transposed aten::_convolution, with W a constant floating tensor, b a constant tensor of W's dtype or None, and one user.
struct Conv {
    Node* node = nullptr;
    Tensor weight;
    Tensor bias;  // undefined: None
};

std::optional<Conv> match_conv(Node* n) {
    // PyTorch's supportedConvNode: conv1d/conv2d, and the traced graphs' aten::_convolution(x, W, b,
    // stride, padding, dilation, transposed, ...) when `transposed` is a constant False.
    const bool conv = (n->kind == "aten::conv2d" || n->kind == "aten::conv1d") && n->inputs.size() == 7;
    bool traced_conv = false;
    if (n->kind == "aten::_convolution" && n->inputs.size() == 13) {
        auto transposed = constant_input(n, 6);
        traced_conv = transposed && transposed->is_bool() && !transposed->to_bool();
    }
    if ((!conv && !traced_conv) || !n->schema) return std::nullopt;
    if (n->output()->uses.size() != 1) return std::nullopt;
    auto w = constant_tensor(n, 1);
    auto b = constant_input(n, 2);
    if (!w || !w->is_floating_point() || w->dim() < 3 || !b) return std::nullopt;
    Conv c{n, *w, Tensor()};
    if (!b->is_none()) {
        if (!b->is_tensor() || !b->to_tensor().defined()) return std::nullopt;
        c.bias = b->to_tensor();
        if (c.bias.dtype() != c.weight.dtype() || c.bias.numel() != c.weight.size(0)) return std::nullopt;
    }
    return c;
}

// "self.conv.weight" -> "self.conv.weight_fused_bn"; a bias without a name borrows the weight's
// ("self.conv.weight" -> "self.conv.bias_fused_bn"). Unnamed constants stay unnamed.
std::string fused_name(const Value* v, const Value* weight, bool is_bias) {
    if (v && !v->debug_name.empty()) return v->debug_name + "_fused_bn";
    if (!is_bias || weight->debug_name.empty()) return "";
    std::string w = weight->debug_name;
    const std::string tail = "weight";
    if (w.size() >= tail.size() && w.compare(w.size() - tail.size(), tail.size(), tail) == 0)
        return w.substr(0, w.size() - tail.size()) + "bias_fused_bn";
    return w + ".bias_fused_bn";
}

// Shape [-1, 1, 1, ...] with the weight's rank: a per-output-channel vector that multiplies W.
Tensor per_channel(const Tensor& v, const Tensor& weight) {
    Shape s(size_t(weight.dim()), 1);
    s[0] = -1;
    return reshape(v, s);
}

// Points the conv at new weight/bias constants, placed just before it.
void set_conv_constants(const Conv& c, const Tensor& w, const Tensor& b, const std::string& wname,
                        const std::string& bname) {
    Value* wv = insert_constant_before(c.node, IValue(w), wname);
    c.node->replace_input(1, wv);
    if (b.defined()) {
        Value* bv = insert_constant_before(c.node, IValue(b), bname);
        c.node->replace_input(2, bv);
    }
}

bool fold_one_batch_norm(Node* bn) {
    if (bn->kind != "aten::batch_norm" || bn->inputs.size() != 9) return false;
    Node* producer = bn->input(0)->node;
    if (!producer) return false;
    auto conv = match_conv(producer);
    if (!conv) return false;
    auto training = constant_input(bn, 5);
    auto eps = constant_input(bn, 7);
    auto gamma = constant_input(bn, 1);
    auto beta = constant_input(bn, 2);
    auto mean = constant_tensor(bn, 3);
    auto var = constant_tensor(bn, 4);
    if (!training || !training->is_bool() || training->to_bool()) return false;
    if (!eps || !eps->is_number() || !gamma || !beta || !mean || !var) return false;
    const int64_t channels = conv->weight.size(0);
    auto vector_or_none = [&](const IValue& v, Tensor& out) {
        if (v.is_none()) return true;
        if (!v.is_tensor() || !v.to_tensor().defined()) return false;
        out = v.to_tensor();
        return out.numel() == channels && out.is_floating_point();
    };
    Tensor g, b;
    if (!vector_or_none(*gamma, g) || !vector_or_none(*beta, b)) return false;
    if (mean->numel() != channels || var->numel() != channels || !mean->is_floating_point() ||
        !var->is_floating_point())
        return false;

    autograd::NoGradGuard no_grad;
    const DType wdt = conv->weight.dtype();
    if (!g.defined()) g = ones_like(*var);
    if (!b.defined()) b = zeros_like(*mean);
    Tensor conv_b = conv->bias.defined() ? conv->bias : zeros_like(*mean);
    Tensor inv_std = rsqrt(add(*var, Scalar(eps->to_double())));
    Tensor new_w = mul(conv->weight, per_channel(mul(g, inv_std), conv->weight));
    Tensor new_b = add(mul(mul(sub(conv_b, *mean), inv_std), g), b);
    new_w = contiguous(to_dtype(new_w, wdt));
    new_b = contiguous(to_dtype(new_b, wdt));

    const Value* wname = conv->node->input(1);
    const Value* bname = conv->bias.defined() ? conv->node->input(2) : nullptr;
    set_conv_constants(*conv, new_w, new_b, fused_name(wname, wname, false), fused_name(bname, wname, true));
    bn->output()->replace_all_uses_with(conv->node->output());
    bn->destroy();
    return true;
}

// The per-output-channel vector a constant operand of an elementwise op on the conv's output
// amounts to, or nullopt when the fold could change the result's shape or dtype. PyTorch's rule,
// read from the left as for a batched (N, C, ...) output: at most as many dims as the weight, every
// dim 1 except dim 1, which may be the channel count ([1, C, 1, 1]); a Python number always folds.
// So [C, 1, 1] does not fold (it would broadcast differently against an unbatched input).
std::optional<Tensor> channel_vector(const IValue& other, const Tensor& weight) {
    const int64_t channels = weight.size(0);
    if (other.is_double() || other.is_int()) return full({channels}, Scalar(other.to_double()), {weight.dtype()});
    if (!other.is_tensor() || !other.to_tensor().defined()) return std::nullopt;
    const Tensor& t = other.to_tensor();
    if (promote_types(t.dtype(), weight.dtype()) != weight.dtype()) return std::nullopt;
    if (t.dim() > weight.dim()) return std::nullopt;
    for (int64_t d = 0; d < t.dim(); ++d)
        if (t.size(d) != 1 && !(d == 1 && t.size(d) == channels)) return std::nullopt;
    Tensor flat = reshape(to_dtype(t, weight.dtype()), {-1});
    return flat.numel() == channels ? contiguous(flat) : contiguous(expand(flat, {channels}));
}

bool fold_one_arithmetic(Node* op) {
    const std::string& k = op->kind;
    bool add_like = k == "aten::add" || k == "aten::sub";
    bool mul_like = k == "aten::mul" || k == "aten::div";
    if (!op->schema || (!add_like && !mul_like) || op->outputs.size() != 1) return false;
    // add/sub(self, other, alpha); mul/div(self, other) without a rounding mode.
    if (add_like ? op->inputs.size() != 3 : op->inputs.size() != 2) return false;
    // The conv is the first operand (conv(x) + c, not c + conv(x)), as PyTorch's pass requires.
    Node* producer = op->input(0)->node;
    auto conv = producer ? match_conv(producer) : std::nullopt;
    if (!conv || op->input(0) == op->input(1)) return false;
    auto other = constant_input(op, 1);
    if (!other) return false;
    auto v = channel_vector(*other, conv->weight);
    if (!v) return false;
    Scalar alpha(int64_t(1));
    if (add_like) {
        auto a = constant_input(op, 2);
        if (!a || !a->is_number()) return false;
        alpha = a->to_scalar();
    }

    autograd::NoGradGuard no_grad;
    Tensor w = conv->weight, b = conv->bias;
    if (k == "aten::add" || k == "aten::sub") {
        Tensor base = b.defined() ? b : zeros_like(*v);
        b = k == "aten::add" ? add(base, *v, alpha) : sub(base, *v, alpha);
    } else {
        Tensor s = per_channel(*v, w);
        w = k == "aten::mul" ? mul(w, s) : div(w, s);
        if (b.defined()) b = k == "aten::mul" ? mul(b, *v) : div(b, *v);
    }
    set_conv_constants(*conv, contiguous(w), b.defined() ? contiguous(b) : Tensor(), "", "");
    op->output()->replace_all_uses_with(conv->node->output());
    op->destroy();
    return true;
}

}  // namespace

bool fold_conv_batch_norm(Graph& g) {
    bool changed = false;
    for (Node* n : g.all_nodes())
        if (n->owning_block && fold_one_batch_norm(n)) changed = true;
    return changed;
}

bool fold_conv_arithmetic(Graph& g) {
    bool changed = false;
    for (Node* n : g.all_nodes())
        if (n->owning_block && fold_one_arithmetic(n)) changed = true;
    return changed;
}

}  // namespace kiln::graph
