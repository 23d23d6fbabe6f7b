// The formula table (derivatives.h). Each entry states its math; `g` is the output's gradient,
// `y` the forward output, and every gradient is summed back to its input's shape where the forward
// op broadcast (sum_to). The arrangement follows PyTorch's formulas so the graphs read alike.
#include "aot/derivatives.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <unordered_map>

#include "ops/ops.h"
#include "passes/emit.h"
#include "support/error.h"

namespace kiln::aot {

using graph::IValue;
using graph::Node;
using graph::Value;

namespace {

using Grads = std::vector<Value*>;

struct Ctx {
    Builder& b;
    const Node* n;
    const Grads& gout;
    const std::vector<bool>& needs;

    Value* in(size_t i) const { return n->input(i); }
    Value* y() const { return n->output(0); }
    Value* g() const { return gout.at(0); }
    bool need(size_t i) const { return i < needs.size() && needs[i]; }
    Shape sizes(size_t i) const { return Builder::sizes_of(in(i)); }
    Value* arg(const char* name) const {
        int i = n->schema ? n->schema->arg_index(name) : -1;
        return i < 0 ? nullptr : n->input(size_t(i));
    }
    double scalar(const char* name, double dflt) const {
        auto c = passes::constant_value(arg(name));
        return c && c->is_number() ? c->to_double() : dflt;
    }
    [[noreturn]] void unsupported(const std::string& why) const {
        KILN_FAIL(NotImplementedError, "AOT autograd: no backward formula for ", n->schema ? n->schema->qualified() : n->kind,
                  " ", why);
    }
};

using Formula = std::function<Grads(Ctx&)>;

Grads grads(const Ctx& c) { return Grads(c.n->inputs.size(), nullptr); }

double const_number(const Ctx& c, const Value* v, const char* what) {
    auto k = passes::constant_value(v);
    if (!k || !k->is_number()) c.unsupported(std::string("when ") + what + " is not a constant");
    return k->to_double();
}

// d/da (a + alpha b) = 1, d/db = alpha (sub: -alpha).
Grads add_sub(Ctx& c, double sign) {
    Grads r = grads(c);
    double alpha = c.scalar("alpha", 1.0);
    if (c.need(0)) r[0] = c.b.sum_to(c.g(), c.sizes(0));
    if (c.need(1) && c.n->schema->overload == "Tensor")
        r[1] = c.b.sum_to(sign * alpha == 1.0 ? c.g() : c.b.mul(c.g(), sign * alpha), c.sizes(1));
    return r;
}

Grads mul(Ctx& c) {
    Grads r = grads(c);
    if (c.n->schema->overload == "Scalar") {
        if (c.need(0)) r[0] = c.b.mul(c.g(), const_number(c, c.in(1), "the factor"));
        return r;
    }
    if (c.need(0)) r[0] = c.b.sum_to(c.b.mul(c.g(), c.in(1)), c.sizes(0));
    if (c.need(1)) r[1] = c.b.sum_to(c.b.mul(c.g(), c.in(0)), c.sizes(1));
    return r;
}

// d(a/b)/da = 1/b; d(a/b)/db = -a/b^2 = -(a/b)/b.
Grads div(Ctx& c) {
    Grads r = grads(c);
    if (c.n->schema->overload == "Scalar") {
        if (c.need(0)) r[0] = c.b.op("aten::div.Scalar", {c.g(), c.in(1)});
        return r;
    }
    if (c.need(0)) r[0] = c.b.sum_to(c.b.div(c.g(), c.in(1)), c.sizes(0));
    if (c.need(1)) r[1] = c.b.sum_to(c.b.op("aten::neg", {c.b.div(c.b.mul(c.g(), c.y()), c.in(1))}), c.sizes(1));
    return r;
}

// One-input formulas: the gradient of input 0 from (ctx).
Formula unary(std::function<Value*(Ctx&)> f) {
    return [f](Ctx& c) {
        Grads r = grads(c);
        if (c.need(0)) r[0] = f(c);
        return r;
    };
}

// Reductions: the gradient spreads back over the reduced dims (unsqueezed where keepdim=False).
Value* expand_back(Ctx& c, Value* g, std::optional<std::vector<int64_t>> dims, bool keepdim) {
    Shape sizes = c.sizes(0);
    const int64_t nd = int64_t(sizes.size());
    if (!dims || dims->empty()) {
        dims = std::vector<int64_t>();
        for (int64_t d = 0; d < nd; ++d) dims->push_back(d);
    }
    for (int64_t& d : *dims) d = wrap_dim(d, std::max<int64_t>(nd, 1));
    std::sort(dims->begin(), dims->end());
    if (!keepdim && nd > 0)
        for (int64_t d : *dims) g = c.b.op("aten::unsqueeze", {g, d});
    return c.b.op("aten::expand", {g, IValue::int_list(std::vector<int64_t>(sizes.begin(), sizes.end()))});
}

Grads sum(Ctx& c, bool mean) {
    Grads r = grads(c);
    if (!c.need(0)) return r;
    const bool all = c.n->schema->overload.empty();
    auto dims = all ? std::optional<std::vector<int64_t>>() : passes::constant_ints(c.arg("dim"));
    if (!all && !dims && !passes::is_none_value(c.arg("dim"))) c.unsupported("over computed dims");
    bool keep = !all && passes::constant_value(c.arg("keepdim")).value_or(IValue(false)).to_bool();
    Value* g = expand_back(c, c.g(), dims, keep);
    if (mean) {
        Shape in = c.sizes(0), out = Builder::sizes_of(c.y());
        double count = double(shape_numel(in)) / double(std::max<int64_t>(shape_numel(out), 1));
        g = c.b.op("aten::div.Scalar", {g, number(count)});
    }
    r[0] = g;
    return r;
}

int64_t const_dim(Ctx& c, const char* name) {
    auto d = passes::constant_value(c.arg(name));
    if (!d || !d->is_int()) c.unsupported(std::string("with a computed ") + name);
    return d->to_int();
}

// softmax: dx = y * (g - sum(g * y, dim)); log_softmax: dx = g - exp(y) * sum(g, dim).
Grads softmax(Ctx& c, bool log) {
    Grads r = grads(c);
    if (!c.need(0)) return r;
    if (!passes::is_none_value(c.arg("dtype"))) c.unsupported("with a dtype argument");
    int64_t dim = const_dim(c, "dim");
    auto s = [&](Value* v) { return c.b.op("aten::sum.dim_IntList", {v, IValue::int_list({dim}), true}); };
    if (log) r[0] = c.b.sub(c.g(), c.b.mul(c.b.op("aten::exp", {c.y()}), s(c.g())));
    else r[0] = c.b.mul(c.y(), c.b.sub(c.g(), s(c.b.mul(c.g(), c.y()))));
    return r;
}

// layer_norm over the last k dims (count N): with xhat = (x - mean) * rstd,
//   dweight = sum(g * xhat), dbias = sum(g) (over the leading dims),
//   dx = rstd * (gh - mean(gh) - xhat * mean(gh * xhat)) where gh = g * weight.
// mean and rstd are recomputed from x: after decomposition CSE merges them with the forward's.
Grads layer_norm(Ctx& c) {
    Grads r = grads(c);
    auto shape = passes::constant_ints(c.arg("normalized_shape"));
    double eps = const_number(c, c.arg("eps"), "eps");
    if (!shape) c.unsupported("with a computed normalized_shape");
    Shape xs = c.sizes(0);
    const int64_t k = int64_t(shape->size()), nd = int64_t(xs.size());
    std::vector<int64_t> dims;
    double count = 1;
    for (int64_t d = nd - k; d < nd; ++d) {
        dims.push_back(d);
        count *= double(xs[size_t(d)]);
    }
    auto mean = [&](Value* v) {
        return c.b.op("aten::div.Scalar", {c.b.op("aten::sum.dim_IntList", {v, IValue::int_list(dims), true}), number(count)});
    };
    Value* x = c.in(0);
    Value* xc = c.b.sub(x, mean(x));
    Value* rstd = c.b.op("aten::rsqrt", {c.b.add(mean(c.b.mul(xc, xc)), eps)});
    Value* xhat = c.b.mul(xc, rstd);
    Value* w = c.arg("weight");
    Value* bias = c.arg("bias");
    const bool has_w = !passes::is_none_value(w), has_b = !passes::is_none_value(bias);
    size_t wi = size_t(c.n->schema->arg_index("weight")), bi = size_t(c.n->schema->arg_index("bias"));
    if (has_w && c.need(wi)) r[wi] = c.b.sum_to(c.b.mul(c.g(), xhat), Builder::sizes_of(w));
    if (has_b && c.need(bi)) r[bi] = c.b.sum_to(c.g(), Builder::sizes_of(bias));
    if (c.need(0)) {
        Value* gh = has_w ? c.b.mul(c.g(), w) : c.g();
        Value* inner = c.b.sub(c.b.sub(gh, mean(gh)), c.b.mul(xhat, mean(c.b.mul(gh, xhat))));
        r[0] = c.b.mul(rstd, inner);
    }
    return r;
}

// An int[] argument as a constant of the backward graph: a forward list value read by a backward op
// would be "saved" by the partitioner like a tensor.
IValue const_ints(const Ctx& c, const char* name) {
    auto v = passes::constant_ints(c.arg(name));
    if (!v) c.unsupported(std::string("with a computed ") + name);
    return IValue::int_list(*v);
}

IValue const_flag(const Ctx& c, const char* name) {
    auto v = passes::constant_value(c.arg(name));
    if (!v || !v->is_bool()) c.unsupported(std::string("with a computed ") + name);
    return *v;
}

// max_pool2d: the gradient of each window lands on its maximum. The backward graph recomputes the
// argmax indices (max_pool2d_with_indices on the saved input; PyTorch's forward returns them instead).
Grads max_pool2d(Ctx& c) {
    Grads r = grads(c);
    if (!c.need(0)) return r;
    IValue k = const_ints(c, "kernel_size"), s = const_ints(c, "stride"), p = const_ints(c, "padding"),
           d = const_ints(c, "dilation"), ceil = const_flag(c, "ceil_mode");
    Value* idx = c.b.ops("aten::max_pool2d_with_indices", {c.in(0), k, s, p, d, ceil}).at(1);
    r[0] = c.b.op("aten::max_pool2d_with_indices_backward", {c.g(), c.in(0), k, s, p, d, ceil, idx});
    return r;
}

// avg_pool2d: each output's gradient spread evenly over its window (divided by its divisor).
Grads avg_pool2d(Ctx& c) {
    Grads r = grads(c);
    if (!c.need(0)) return r;
    if (!passes::is_none_value(c.arg("divisor_override"))) c.unsupported("with divisor_override");
    r[0] = c.b.op("aten::avg_pool2d_backward", {c.g(), c.in(0), const_ints(c, "kernel_size"), const_ints(c, "stride"),
                                                const_ints(c, "padding"), const_flag(c, "ceil_mode"),
                                                const_flag(c, "count_include_pad"), IValue()});
    return r;
}

// A backward op's `bool[3] output_mask`: which of (input, weight, bias) get a gradient.
IValue output_mask(const Ctx& c, size_t x, size_t w, size_t bias) {
    return IValue::list({IValue(c.need(x)), IValue(c.need(w)), IValue(c.need(bias))});
}

// batch norm: with xhat = (x - mean) * rstd per channel (mean and rstd over N and the spatial dims),
//   dweight = sum(g * xhat), dbias = sum(g),
//   dx = rstd * (gw - mean(gw) - xhat * mean(gw * xhat)) with gw = g * weight in training,
//   dx = gw * rstd in eval (the running statistics are constants there).
// As in PyTorch the graph calls one op, native_batch_norm_backward (its kernel is the eager
// NativeBatchNormBackward0's, ops/normalization.cpp); the decomposing back ends expand it into
// reductions and pointwise ops (passes/decompose.cpp).
Grads batch_norm(Ctx& c, bool functional) {
    Grads r = grads(c);
    const graph::OpSchema* s = c.n->schema;
    const size_t wi = size_t(s->arg_index("weight")), bi = size_t(s->arg_index("bias"));
    Value* w = c.arg("weight");
    auto training = passes::constant_value(c.arg("training"));
    if (!training || !training->is_bool()) c.unsupported("with a computed training flag");
    const bool train = training->to_bool();
    // Training reads the batch statistics the forward saved (the functional op's outputs 1 and 2;
    // recomputed from x when batch_norm ran without running statistics); eval reads the running ones.
    Value* none = c.b.constant(IValue());
    Value* save_mean = functional ? c.n->output(1) : none;
    Value* save_rstd = functional ? c.n->output(2) : none;
    Value* rm = train ? none : c.arg("running_mean");
    Value* rv = train ? none : c.arg("running_var");
    auto d = c.b.ops("aten::native_batch_norm_backward",
                     {c.g(), c.in(0), w, rm, rv, save_mean, save_rstd, train, c.arg("eps"), output_mask(c, 0, wi, bi)});
    if (c.need(0)) r[0] = d[0];
    if (c.need(wi)) r[wi] = d[1];
    if (c.need(bi)) r[bi] = d[2];
    return r;
}

// conv2d: one convolution_backward op (the eager ConvolutionBackward0's kernel, ops/conv.cpp)
// gives the input's, the weight's and the bias's gradients, as in PyTorch's backward graphs.
Grads conv2d(Ctx& c) {
    Grads r = grads(c);
    if (c.sizes(0).size() != 4) c.unsupported("for an unbatched (3-D) input");
    Value* bias = c.arg("bias");
    const bool has_b = !passes::is_none_value(bias);
    IValue bias_sizes = has_b ? IValue::int_list({Builder::sizes_of(bias).at(0)}) : IValue();
    auto ints = [&](const char* name) { return const_ints(c, name); };
    const int64_t groups = const_dim(c, "groups");
    auto d = c.b.ops("aten::convolution_backward", {c.g(), c.in(0), c.in(1), bias_sizes, ints("stride"), ints("padding"),
                                                     ints("dilation"), false, IValue::int_list({0, 0}), groups,
                                                     output_mask(c, 0, 1, 2)});
    for (size_t i = 0; i < 3; ++i)
        if (c.need(i) && (i < 2 || has_b)) r[i] = d[i];
    return r;
}

// linear(x, W, b) = x W^T + b: dx = g W, dW = g^T x (batch dims flattened into rows), db = sum(g).
Grads linear(Ctx& c) {
    Grads r = grads(c);
    Shape xs = c.sizes(0), ws = c.sizes(1);
    if (xs.size() < 1 || ws.size() != 2) c.unsupported("for a weight that is not 2-D");
    const int64_t out = ws[0], inf = ws[1];
    if (c.need(0)) r[0] = c.b.op("aten::matmul", {c.g(), c.in(1)});
    Value* g2 = c.b.reshape(c.g(), {-1, out});
    if (c.need(1)) r[1] = c.b.op("aten::mm", {c.b.op("aten::t", {g2}), c.b.reshape(c.in(0), {-1, inf})});
    if (c.n->inputs.size() > 2 && !passes::is_none_value(c.in(2)) && c.need(2))
        r[2] = c.b.op("aten::sum.dim_IntList", {g2, IValue::int_list({0})});
    return r;
}

// Matrix products: d(a @ b)/da = g @ b^T, d/db = a^T @ g (summed over broadcast batch dims).
Grads matmul(Ctx& c, const char* kind) {
    Grads r = grads(c);
    Shape as = c.sizes(0), bs = c.sizes(1);
    if (as.size() < 2 || bs.size() < 2) c.unsupported("for 1-D operands");
    auto T = [&](Value* v) { return c.b.op("aten::transpose.int", {v, int64_t(-2), int64_t(-1)}); };
    std::string op = std::string("aten::") + kind;
    if (c.need(0)) r[0] = c.b.sum_to(c.b.op(op, {c.g(), T(c.in(1))}), as);
    if (c.need(1)) r[1] = c.b.sum_to(c.b.op(op, {T(c.in(0)), c.g()}), bs);
    return r;
}

// scaled_dot_product_attention, recomputing the probabilities from q and k (as PyTorch's fused
// backward kernels do) rather than saving the (L, S) matrix: with P = softmax(q k^T * scale + mask),
//   dv = P^T g,  dP = g v^T,  dS = P * (dP - sum(dP * P, -1)),  dq = dS k * scale,  dk = dS^T q * scale,
// and an additive mask's gradient is dS (summed back over its broadcast dims).
Grads scaled_dot_product_attention(Ctx& c) {
    Grads r = grads(c);
    if (c.scalar("dropout_p", 0.0) != 0.0) c.unsupported("with dropout_p > 0");
    auto causal = passes::constant_value(c.arg("is_causal"));
    if (!causal || !causal->is_bool() || causal->to_bool()) c.unsupported("with is_causal=True");
    Value *q = c.in(0), *k = c.in(1), *v = c.in(2), *mask = c.arg("attn_mask");
    const Shape qs = c.sizes(0);
    auto given = passes::constant_value(c.arg("scale"));
    const double scale = given && given->is_number() ? given->to_double() : 1.0 / std::sqrt(double(qs.back()));
    auto T = [&](Value* x) { return c.b.op("aten::transpose.int", {x, int64_t(-2), int64_t(-1)}); };
    auto mm = [&](Value* a, Value* b) { return c.b.op("aten::matmul", {a, b}); };
    const bool has_mask = !passes::is_none_value(mask);
    // (On the GPU, where the fused backward applies, build_joint has made this node a
    // _scaled_dot_product_fused_attention already: see fuse_attention_forward.)
    Value* scores = c.b.mul(mm(q, T(k)), scale);
    bool bool_mask = false;
    if (has_mask) {
        bool_mask = c.b.example(mask).to_tensor().dtype() == DType::Bool;
        scores = bool_mask ? c.b.op("aten::masked_fill.Scalar", {scores, c.b.op("aten::logical_not", {mask}), double(-INFINITY)})
                           : c.b.add(scores, mask);
    }
    Value* p = c.b.op("aten::softmax.int", {scores, int64_t(-1)});
    Value* g = c.g();
    if (c.need(2)) r[2] = c.b.sum_to(mm(T(p), g), c.sizes(2));
    if (!c.need(0) && !c.need(1) && !(has_mask && !bool_mask && c.need(3))) return r;
    Value* dp = mm(g, T(v));
    Value* ds = c.b.mul(p, c.b.sub(dp, c.b.op("aten::sum.dim_IntList", {c.b.mul(dp, p), IValue::int_list({-1}), true})));
    if (c.need(0)) r[0] = c.b.sum_to(c.b.mul(mm(ds, k), scale), qs);
    if (c.need(1)) r[1] = c.b.sum_to(c.b.mul(mm(T(ds), q), scale), c.sizes(1));
    if (has_mask && !bool_mask && c.need(3)) r[3] = c.b.sum_to(ds, c.sizes(3));
    return r;
}

// _scaled_dot_product_fused_attention, attention as fuse_attention_forward leaves it for the GPU:
// one op, the fused backward kernels (ops/attention.cpp), which read the forward's logsumexp and
// never write the (L, S) probabilities; their dq, dk, dv come in (B, L, H, D) order, so merging
// heads is a view. The logsumexp output carries no gradient.
Grads fused_attention(Ctx& c) {
    Grads r = grads(c);
    if (!c.g()) return r;
    auto d = c.b.ops("aten::_scaled_dot_product_fused_attention_backward",
                     {c.g(), c.in(0), c.in(1), c.in(2), c.y(), c.n->output(1), c.in(3)});
    for (size_t i = 0; i < 3; ++i)
        if (c.need(i)) r[i] = d[i];
    return r;
}

// addmm(bias, m1, m2) = beta bias + alpha m1 @ m2.
Grads addmm(Ctx& c) {
    Grads r = grads(c);
    double beta = c.scalar("beta", 1), alpha = c.scalar("alpha", 1);
    Value* ga = alpha == 1 ? c.g() : c.b.mul(c.g(), alpha);
    if (c.need(0)) r[0] = c.b.sum_to(beta == 1 ? c.g() : c.b.mul(c.g(), beta), c.sizes(0));
    if (c.need(1)) r[1] = c.b.op("aten::mm", {ga, c.b.op("aten::t", {c.in(2)})});
    if (c.need(2)) r[2] = c.b.op("aten::mm", {c.b.op("aten::t", {c.in(1)}), ga});
    return r;
}

// mse_loss = reduce((x - t)^2): dx = 2 (x - t) g (/ N for the mean), dt = -dx.
Grads mse_loss(Ctx& c) {
    Grads r = grads(c);
    auto red = passes::constant_value(c.arg("reduction"));
    if (!red || !red->is_int()) c.unsupported("with a computed reduction");
    double scale = 2.0;
    if (red->to_int() == 1) scale /= double(std::max<int64_t>(shape_numel(c.sizes(0)), 1));
    Value* d = c.b.mul(c.b.mul(c.b.sub(c.in(0), c.in(1)), c.g()), scale);
    if (c.need(0)) r[0] = c.b.sum_to(d, c.sizes(0));
    if (c.need(1)) r[1] = c.b.sum_to(c.b.op("aten::neg", {d}), c.sizes(1));
    return r;
}

Value* same_shape(Ctx& c) { return c.b.reshape(c.g(), c.sizes(0)); }

const std::unordered_map<std::string, Formula>& table() {
    static const std::unordered_map<std::string, Formula> t = {
        {"aten::add.Tensor", [](Ctx& c) { return add_sub(c, 1); }},
        {"aten::add.Scalar", [](Ctx& c) { return add_sub(c, 1); }},
        {"aten::sub.Tensor", [](Ctx& c) { return add_sub(c, -1); }},
        {"aten::sub.Scalar", [](Ctx& c) { return add_sub(c, -1); }},
        {"aten::rsub.Scalar", unary([](Ctx& c) { return c.b.mul(c.g(), -c.scalar("alpha", 1)); })},
        {"aten::mul.Tensor", mul},
        {"aten::mul.Scalar", mul},
        {"aten::div.Tensor", div},
        {"aten::div.Scalar", div},
        {"aten::neg", unary([](Ctx& c) { return c.b.op("aten::neg", {c.g()}); })},
        // exp: g * y.  log: g / x.  sqrt: g / (2 y).  rsqrt: -g y^3 / 2.
        {"aten::exp", unary([](Ctx& c) { return c.b.mul(c.g(), c.y()); })},
        {"aten::log", unary([](Ctx& c) { return c.b.div(c.g(), c.in(0)); })},
        {"aten::sqrt", unary([](Ctx& c) { return c.b.div(c.g(), c.b.mul(c.y(), 2.0)); })},
        {"aten::rsqrt",
         unary([](Ctx& c) { return c.b.mul(c.b.mul(c.g(), c.b.op("aten::pow.Tensor_Scalar", {c.y(), int64_t(3)})), -0.5); })},
        {"aten::sin", unary([](Ctx& c) { return c.b.mul(c.g(), c.b.op("aten::cos", {c.in(0)})); })},
        {"aten::cos", unary([](Ctx& c) { return c.b.mul(c.b.mul(c.g(), c.b.op("aten::sin", {c.in(0)})), -1.0); })},
        // tanh: g (1 - y^2).  sigmoid: g y (1 - y).
        {"aten::tanh", unary([](Ctx& c) {
             return c.b.mul(c.g(), c.b.op("aten::rsub.Scalar", {c.b.mul(c.y(), c.y()), int64_t(1)}));
         })},
        {"aten::sigmoid", unary([](Ctx& c) {
             return c.b.mul(c.b.mul(c.g(), c.y()), c.b.op("aten::rsub.Scalar", {c.y(), int64_t(1)}));
         })},
        // relu: g where y > 0, else 0 (PyTorch's threshold_backward).
        {"aten::relu", unary([](Ctx& c) {
             return c.b.op("aten::where.ScalarSelf", {c.b.op("aten::le.Scalar", {c.y(), int64_t(0)}), int64_t(0), c.g()});
         })},
        {"aten::leaky_relu", unary([](Ctx& c) {
             double slope = c.scalar("negative_slope", 0.01);
             return c.b.op("aten::where.self",
                           {c.b.op("aten::gt.Scalar", {c.in(0), int64_t(0)}), c.g(), c.b.mul(c.g(), slope)});
         })},
        // erf: g 2/sqrt(pi) exp(-x^2).
        {"aten::erf", unary([](Ctx& c) {
             Value* x = c.in(0);
             Value* e = c.b.op("aten::exp", {c.b.op("aten::neg", {c.b.mul(x, x)})});
             return c.b.mul(c.b.mul(c.g(), e), M_2_SQRTPI);
         })},
        // gelu (exact): g (Phi(x) + x phi(x)), Phi(x) = (1 + erf(x/sqrt 2))/2, phi(x) = exp(-x^2/2)/sqrt(2 pi).
        {"aten::gelu", unary([](Ctx& c) {
             auto mode = passes::constant_value(c.arg("approximate"));
             if (!mode || !mode->is_string() || mode->to_string() != "none") c.unsupported("for approximate='tanh'");
             Value* x = c.in(0);
             Value* cdf = c.b.mul(c.b.add(c.b.op("aten::erf", {c.b.mul(x, M_SQRT1_2)}), 1.0), 0.5);
             Value* pdf = c.b.mul(c.b.op("aten::exp", {c.b.mul(c.b.mul(x, x), -0.5)}), 0.5 * M_2_SQRTPI * M_SQRT1_2);
             return c.b.mul(c.g(), c.b.add(cdf, c.b.mul(x, pdf)));
         })},
        // silu: g s (1 + x (1 - s)), s = sigmoid(x).
        {"aten::silu", unary([](Ctx& c) {
             Value* s = c.b.op("aten::sigmoid", {c.in(0)});
             Value* inner = c.b.add(c.b.mul(c.in(0), c.b.op("aten::rsub.Scalar", {s, int64_t(1)})), 1.0);
             return c.b.mul(c.b.mul(c.g(), s), inner);
         })},
        // pow(x, k): g k x^(k-1).
        {"aten::pow.Tensor_Scalar", unary([](Ctx& c) {
             double k = const_number(c, c.in(1), "the exponent");
             return c.b.mul(c.b.mul(c.g(), c.b.op("aten::pow.Tensor_Scalar", {c.in(0), number(k - 1)})), k);
         })},
        {"aten::sum", [](Ctx& c) { return sum(c, false); }},
        {"aten::sum.dim_IntList", [](Ctx& c) { return sum(c, false); }},
        {"aten::mean", [](Ctx& c) { return sum(c, true); }},
        {"aten::mean.dim", [](Ctx& c) { return sum(c, true); }},
        {"aten::softmax.int", [](Ctx& c) { return softmax(c, false); }},
        {"aten::log_softmax.int", [](Ctx& c) { return softmax(c, true); }},
        {"aten::layer_norm", layer_norm},
        {"aten::batch_norm", [](Ctx& c) { return batch_norm(c, false); }},
        {"aten::_native_batch_norm_legit_functional", [](Ctx& c) { return batch_norm(c, true); }},
        {"aten::conv2d", conv2d},
        {"aten::max_pool2d", max_pool2d},
        {"aten::avg_pool2d", avg_pool2d},
        {"aten::linear", linear},
        {"aten::matmul", [](Ctx& c) { return matmul(c, "matmul"); }},
        {"aten::bmm", [](Ctx& c) { return matmul(c, "bmm"); }},
        {"aten::mm", [](Ctx& c) { return matmul(c, "mm"); }},
        {"aten::addmm", addmm},
        {"aten::scaled_dot_product_attention", scaled_dot_product_attention},
        {"aten::_scaled_dot_product_fused_attention", fused_attention},
        {"aten::mse_loss", mse_loss},
        // Views and copies: the gradient takes the input's shape back.
        {"aten::view", unary(same_shape)},
        {"aten::reshape", unary(same_shape)},
        {"aten::flatten.using_ints", unary(same_shape)},
        {"aten::unsqueeze", unary(same_shape)},
        {"aten::squeeze.dim", unary(same_shape)},
        {"aten::squeeze", unary(same_shape)},
        {"aten::contiguous", unary([](Ctx& c) { return c.g(); })},
        {"aten::clone", unary([](Ctx& c) { return c.g(); })},
        {"aten::t", unary([](Ctx& c) { return c.b.op("aten::t", {c.g()}); })},
        {"aten::transpose.int", unary([](Ctx& c) {
             return c.b.op("aten::transpose.int", {c.g(), c.n->input(1), c.n->input(2)});
         })},
        {"aten::permute", unary([](Ctx& c) {
             auto dims = passes::constant_ints(c.arg("dims"));
             if (!dims) c.unsupported("with computed dims");
             std::vector<int64_t> inv(dims->size());
             for (size_t i = 0; i < dims->size(); ++i) inv[size_t(wrap_dim((*dims)[i], int64_t(dims->size())))] = int64_t(i);
             return c.b.op("aten::permute", {c.g(), IValue::int_list(inv)});
         })},
        {"aten::expand", unary([](Ctx& c) { return c.b.sum_to(c.g(), c.sizes(0)); })},
        // dropout is differentiable only where it is the identity (eval, or p = 0): in training its
        // mask is random, and a compiled graph does not yet carry the RNG state.
        {"aten::dropout", unary([](Ctx& c) {
             auto train = passes::constant_value(c.arg("train"));
             double p = const_number(c, c.arg("p"), "p");
             if (!train || (train->to_bool() && p != 0)) c.unsupported("in training mode with p > 0");
             return c.g();
         })},
        // x[start:end] along dim (step 1): the gradient sits where the slice was, zeros around it:
        // cat(zeros like x[:start], g, zeros like x[end:]).
        {"aten::slice.Tensor", unary([](Ctx& c) {
             const Shape x = c.sizes(0);
             const int64_t d = wrap_dim(int64_t(const_number(c, c.arg("dim"), "dim")), int64_t(x.size()));
             auto bound = [&](const char* name, int64_t dflt) {
                 auto v = passes::constant_value(c.arg(name));
                 if (!v || v->is_none()) return dflt;
                 if (!v->is_int()) c.unsupported(std::string("with a computed ") + name);
                 int64_t b = v->to_int();
                 if (b < 0) b += x[size_t(d)];
                 return std::clamp<int64_t>(b, 0, x[size_t(d)]);
             };
             if (const_number(c, c.arg("step"), "step") != 1) c.unsupported("with a step other than 1");
             const int64_t start = bound("start", 0), end = std::max(start, bound("end", x[size_t(d)]));
             std::vector<Value*> pieces;
             auto zeros = [&](int64_t from, int64_t to) {
                 Value* part = c.b.op("aten::slice.Tensor", {c.in(0), d, from, to, int64_t(1)});
                 pieces.push_back(c.b.op("aten::zeros_like", {part}));
             };
             if (start > 0) zeros(0, start);
             pieces.push_back(c.g());
             if (end < x[size_t(d)]) zeros(end, x[size_t(d)]);
             if (pieces.size() == 1) return c.g();
             Node* list = c.b.graph().insert("prim::ListConstruct", pieces, 1);
             list->output()->type = graph::list_type(graph::tensor_type());
             return c.b.op("aten::cat", {list->output(), d});
         })},
        // split's pieces: prim::ListUnpack's formula concatenates their gradients (zeros for a
        // piece without one); split passes that concatenation on as its input's gradient.
        {"aten::split.Tensor", unary([](Ctx& c) { return c.g(); })},
    };
    return t;
}

// prim::ListUnpack of aten::split.Tensor: cat(gradients of the pieces, dim).
Grads list_unpack(Ctx& c) {
    Grads r = grads(c);
    const Node* split = c.in(0)->node;
    auto dim = passes::constant_value(split->input(2));
    if (!dim || !dim->is_int()) c.unsupported("of a split along a computed dim");
    std::vector<Value*> pieces;
    for (size_t i = 0; i < c.n->outputs.size(); ++i)
        pieces.push_back(c.gout[i] ? c.gout[i] : c.b.op("aten::zeros_like", {c.n->output(i)}));
    Node* list = c.b.graph().insert("prim::ListConstruct", pieces, 1);
    list->output()->type = graph::list_type(graph::tensor_type());
    r[0] = c.b.op("aten::cat", {list->output(), dim->to_int()});
    return r;
}

}  // namespace

bool has_formula(const Node* n) {
    if (n->kind == "prim::ListUnpack") return n->input(0)->node->schema && n->input(0)->node->schema->qualified() == "aten::split.Tensor";
    return n->schema && table().count(n->schema->qualified());
}

std::vector<Value*> differentiate(Builder& b, const Node* n, const std::vector<Value*>& grad_outputs,
                                  const std::vector<bool>& needs) {
    Ctx c{b, n, grad_outputs, needs};
    if (n->kind == "prim::ListUnpack") {
        if (!has_formula(n)) c.unsupported("(a list unpacked from something other than split)");
        return list_unpack(c);
    }
    auto it = n->schema ? table().find(n->schema->qualified()) : table().end();
    if (it == table().end()) c.unsupported("(Kiln's AOT autograd covers " + std::to_string(table().size()) + " ops so far)");
    return it->second(c);
}

Node* fuse_attention_forward(Builder& b, Node* n) {
    if (n->kind != "aten::scaled_dot_product_attention" || !n->schema) return n;
    auto arg = [&](const char* name) {
        const int i = n->schema->arg_index(name);
        return i < 0 ? nullptr : n->input(size_t(i));
    };
    auto constant_is = [&](const char* name, const graph::IValue& want) {
        auto v = passes::constant_value(arg(name));
        if (!v) return false;
        if (want.is_bool()) return v->is_bool() && v->to_bool() == want.to_bool();
        return v->is_number() && v->to_double() == want.to_double();
    };
    if (!passes::is_none_value(arg("attn_mask")) || !constant_is("dropout_p", graph::IValue(0.0)) ||
        !constant_is("is_causal", graph::IValue(false)) || !constant_is("enable_gqa", graph::IValue(false)))
        return n;
    Value *q = n->input(0), *k = n->input(1), *v = n->input(2);
    if (!attention_backward_fused_ok(b.example(q).to_tensor(), b.example(k).to_tensor(), b.example(v).to_tensor())) return n;
    auto given = passes::constant_value(arg("scale"));
    if (given && !given->is_none() && !given->is_number()) return n;
    const double scale = given && given->is_number() ? given->to_double() : 1.0 / std::sqrt(double(Builder::sizes_of(q).back()));
    // Built at the graph's end, then moved in front of `n`: the new node (and its scale constant)
    // takes n's place in the forward order.
    graph::Block* block = n->owning_block;
    const size_t before = block->nodes.size();
    std::vector<Value*> outs = b.ops("aten::_scaled_dot_product_fused_attention", {q, k, v, scale});
    std::vector<Node*> made;
    auto it = block->nodes.end();
    for (size_t i = before; i < block->nodes.size(); ++i) made.push_back(*--it);
    for (auto m = made.rbegin(); m != made.rend(); ++m) (*m)->insert_before(n);
    n->output(0)->replace_all_uses_with(outs[0]);
    Node* fused = outs[0]->node;
    n->destroy();
    return fused;
}

std::vector<std::string> differentiable_ops() {
    std::vector<std::string> names;
    for (const auto& [name, f] : table()) names.push_back(name);
    std::sort(names.begin(), names.end());
    return names;
}

}  // namespace kiln::aot
