// The formula table (derivatives.h). Each entry states its math; `g` is the output's gradient,
// `y` the forward output, and every gradient is summed back to its input's shape where the forward
// op broadcast (sum_to). The arrangement follows PyTorch's formulas so the graphs read alike.
#include "aot/derivatives.h"
#include "aot/joint.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "ops/composite.h"
#include "ops/special_fns_grad.h"
#include "ops/ops.h"
#include "passes/emit.h"
#include "support/error.h"
#include "support/function.h"

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

using Formula = kiln::Function<Grads(Ctx&)>;

// Why an op without a formula has none (its gap list entry), "" when it is not on that list.
std::string gap_reason(const std::string& op);
// Whether the op is a composite (composites() below): one reaching differentiate() is a call its
// decomposition declined.
bool is_composite(const std::string& op);

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

bool complex_value(const Value* v) {
    auto t = passes::tensor_info(v);
    return t && dtype_is_complex(t->dtype);
}

// A gradient for input i: the real part when a complex gradient reaches a real input (autograd's
// handle_r_to_c), summed to the input's broadcast shape.
Value* grad_for_input(Ctx& c, size_t i, Value* grad) {
    if (complex_value(grad) && !complex_value(c.in(i))) grad = c.b.op("aten::real", {grad});
    return c.b.sum_to(grad, c.sizes(i));
}

// d(a b) = g b, g a; with complex operands PyTorch's conjugate Wirtinger form: g conj(b), g conj(a).
Grads mul(Ctx& c) {
    Grads r = grads(c);
    if (c.n->schema->overload == "Scalar") {
        if (c.need(0)) r[0] = c.b.mul(c.g(), const_number(c, c.in(1), "the factor"));
        return r;
    }
    auto factor = [&](size_t i) { return complex_value(c.in(i)) ? c.b.op("aten::conj_physical", {c.in(i)}) : c.in(i); };
    if (c.need(0)) r[0] = grad_for_input(c, 0, c.b.mul(c.g(), factor(1)));
    if (c.need(1)) r[1] = grad_for_input(c, 1, c.b.mul(c.g(), factor(0)));
    return r;
}

// ---- complex views and constructors (derivatives.yaml's view_as_real, view_as_complex, real, imag,
// complex, polar) ----
Grads view_as_real_grad(Ctx& c) {
    Grads r = grads(c);
    if (c.need(0)) r[0] = c.b.op("aten::view_as_complex", {c.b.op("aten::contiguous", {c.g()})});
    return r;
}

Grads view_as_complex_grad(Ctx& c) {
    Grads r = grads(c);
    if (c.need(0)) r[0] = c.b.op("aten::view_as_real", {c.g()});
    return r;
}

// real(z), imag(z): the real gradient as the complex number g (real) or g i (imag).
Grads complex_part_grad(Ctx& c, bool imag) {
    Grads r = grads(c);
    if (!c.need(0)) return r;
    Value* zero = c.b.op("aten::zeros_like", {c.g()});
    r[0] = imag ? c.b.op("aten::complex", {zero, c.g()}) : c.b.op("aten::complex", {c.g(), zero});
    return r;
}

Grads complex_grad(Ctx& c) {
    Grads r = grads(c);
    if (c.need(0)) r[0] = c.b.sum_to(c.b.op("aten::real", {c.g()}), c.sizes(0));
    if (c.need(1)) r[1] = c.b.sum_to(c.b.op("aten::imag", {c.g()}), c.sizes(1));
    return r;
}

// polar(r, t) = r (cos t + i sin t): FunctionsManual's polar_backward, Re(conj(g) e^{it}) for r and
// Re(conj(g) i z) for t, written with the real and imaginary parts of g.
Grads polar_grad(Ctx& c) {
    Grads r = grads(c);
    Value* gr = c.b.op("aten::real", {c.g()});
    Value* gi = c.b.op("aten::imag", {c.g()});
    Value* cs = c.b.op("aten::cos", {c.in(1)});
    Value* sn = c.b.op("aten::sin", {c.in(1)});
    if (c.need(0)) r[0] = c.b.sum_to(c.b.add(c.b.mul(gr, cs), c.b.mul(gi, sn)), c.sizes(0));
    if (c.need(1))
        r[1] = c.b.sum_to(c.b.mul(c.in(0), c.b.sub(c.b.mul(gi, cs), c.b.mul(gr, sn))), c.sizes(1));
    return r;
}

// d(a/b)/da = 1/b; d(a/b)/db = -a/b^2.
Grads div(Ctx& c) {
    Grads r = grads(c);
    if (c.n->schema->overload == "Scalar") {
        if (c.need(0)) r[0] = c.b.op("aten::div.Scalar", {c.g(), c.in(1)});
        return r;
    }
    if (c.need(0)) r[0] = c.b.sum_to(c.b.div(c.g(), c.in(1)), c.sizes(0));
    // (pointwise.cpp's DivBackward0 writes -(g a) / (b b); the same ops here round the same way)
    if (c.need(1))
        r[1] = c.b.sum_to(c.b.op("aten::neg", {c.b.div(c.b.mul(c.g(), c.in(0)), c.b.mul(c.in(1), c.in(1)))}), c.sizes(1));
    return r;
}

// One-input formulas: the gradient of input 0 from (ctx).
Formula unary(kiln::Function<Value*(Ctx&)> f) {
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

// max_pool2d/3d (`nd` spatial dims): the gradient of each window lands on its maximum. The backward
// graph recomputes the argmax indices (max_poolNd_with_indices on the saved input; PyTorch's forward
// returns them instead).
Grads max_pool(Ctx& c, int nd) {
    Grads r = grads(c);
    if (!c.need(0)) return r;
    IValue k = const_ints(c, "kernel_size"), s = const_ints(c, "stride"), p = const_ints(c, "padding"),
           d = const_ints(c, "dilation"), ceil = const_flag(c, "ceil_mode");
    const std::string op = str("aten::max_pool", nd, "d_with_indices");
    Value* idx = c.b.ops(op, {c.in(0), k, s, p, d, ceil}).at(1);
    r[0] = c.b.op(op + "_backward", {c.g(), c.in(0), k, s, p, d, ceil, idx});
    return r;
}

// avg_pool2d/3d: each output's gradient spread evenly over its window (divided by its divisor).
Grads avg_pool(Ctx& c, int nd) {
    Grads r = grads(c);
    if (!c.need(0)) return r;
    IValue divisor;
    if (!passes::is_none_value(c.arg("divisor_override"))) {
        auto v = passes::constant_value(c.arg("divisor_override"));
        if (!v || !v->is_int()) c.unsupported("with a computed divisor_override");
        divisor = *v;
    }
    r[0] = c.b.op(str("aten::avg_pool", nd, "d_backward"),
                  {c.g(), c.in(0), const_ints(c, "kernel_size"), const_ints(c, "stride"), const_ints(c, "padding"),
                   const_flag(c, "ceil_mode"), const_flag(c, "count_include_pad"), divisor});
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

// conv2d/conv3d: one convolution_backward op (the eager ConvolutionBackward0's kernel, ops/conv.cpp)
// gives the input's, the weight's and the bias's gradients, as in PyTorch's backward graphs.
Grads conv(Ctx& c, int nd) {
    Grads r = grads(c);
    if (c.sizes(0).size() != size_t(nd + 2)) c.unsupported(str("for an unbatched (", nd + 1, "-D) input"));
    Value* bias = c.arg("bias");
    const bool has_b = !passes::is_none_value(bias);
    IValue bias_sizes = has_b ? IValue::int_list({Builder::sizes_of(bias).at(0)}) : IValue();
    auto ints = [&](const char* name) { return const_ints(c, name); };
    const int64_t groups = const_dim(c, "groups");
    auto d = c.b.ops("aten::convolution_backward", {c.g(), c.in(0), c.in(1), bias_sizes, ints("stride"), ints("padding"),
                                                     ints("dilation"), false, IValue::int_list(std::vector<int64_t>(size_t(nd), 0)), groups,
                                                     output_mask(c, 0, 1, 2)});
    for (size_t i = 0; i < 3; ++i)
        if (c.need(i) && (i < 2 || has_b)) r[i] = d[i];
    return r;
}

// aten::_convolution with transposed=True (what F.conv_transpose2d/3d lower to; the non-transposed
// call is decomposed into conv2d/conv3d first): the transposed convolution is the input gradient of
// the convolution x = conv(y, W) it transposes, so, as eager conv_transpose's ConvolutionBackward0:
// dx = that convolution of g, dW = its weight gradient with the operands swapped (g as the
// convolution's input, x as its output gradient), db = sum(g) over the batch and spatial dims.
// output_padding only adds rows at the far edge that the convolution's stride never reaches.
Grads conv_transposed(Ctx& c) {
    auto transposed = passes::constant_value(c.arg("transposed"));
    if (!transposed || !transposed->is_bool() || !transposed->to_bool())
        c.unsupported("for a non-transposed call its decomposition does not take (computed arguments)");
    const Shape xs = c.sizes(0);
    const size_t nd = xs.size() >= 2 ? xs.size() - 2 : 0;
    if (nd < 1 || nd > 3) c.unsupported("of an unbatched transposed convolution");
    Grads r = grads(c);
    const int64_t groups = const_dim(c, "groups");
    Value* bias = c.arg("bias");
    const bool has_b = !passes::is_none_value(bias);
    // A 1-d one as the 2-d kernels over a height of 1 (as the conv1d composite): its operands get a
    // unit dim at -2 and its lists a leading 1 (stride, dilation) or 0 (padding).
    auto ints = [&](const char* name, int64_t lead) {
        IValue v = const_ints(c, name);
        if (nd != 1) return v;
        auto l = passes::constant_ints(c.arg(name));
        if (!l || l->size() != 1) c.unsupported(std::string("with a computed ") + name);
        return IValue::int_list({lead, (*l)[0]});
    };
    auto lift = [&](Value* v) { return nd == 1 ? c.b.op("aten::unsqueeze", {v, int64_t(-2)}) : v; };
    auto drop = [&](Value* v) { return nd == 1 ? c.b.op("aten::squeeze.dim", {v, int64_t(-2)}) : v; };
    const size_t nk = nd == 1 ? 2 : nd;
    Value* g = lift(c.g());
    Value* w = lift(c.in(1));
    if (c.need(0))
        r[0] = drop(c.b.op(nk == 2 ? "aten::conv2d" : "aten::conv3d",
                           {g, w, IValue(), ints("stride", 1), ints("padding", 0), ints("dilation", 1), groups}));
    if (c.need(1)) {
        auto d = c.b.ops("aten::convolution_backward",
                         {lift(c.in(0)), g, w, IValue(), ints("stride", 1), ints("padding", 0), ints("dilation", 1), false,
                          IValue::int_list(std::vector<int64_t>(nk, 0)), groups,
                          IValue::list({IValue(false), IValue(true), IValue(false)})});
        r[1] = drop(d[1]);
    }
    if (has_b && c.need(2)) {
        std::vector<int64_t> dims{0};
        for (size_t d = 0; d < nd; ++d) dims.push_back(int64_t(2 + d));
        r[2] = c.b.op("aten::sum.dim_IntList", {c.g(), IValue::int_list(dims)});
    }
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
    if (!causal || !causal->is_bool()) c.unsupported("with a computed is_causal");
    Value *q = c.in(0), *k = c.in(1), *v = c.in(2), *mask = c.arg("attn_mask");
    if (causal->to_bool()) {
        // The causal mask as ops/attention.cpp's math builds it: tril(ones(L, S, dtype=bool)).
        const int64_t L = c.sizes(0).at(c.sizes(0).size() - 2), Sk = c.sizes(1).at(c.sizes(1).size() - 2);
        Value* ones = c.b.op("aten::ones", {IValue::int_list({L, Sk}), graph::scalar_type_code(DType::Bool), IValue(),
                                            IValue(passes::tensor_info(q)->device)});
        mask = c.b.op("aten::tril", {ones, int64_t(0)});
    }
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
    if (has_mask && !causal->to_bool()) {
        // _safe_softmax, as the forward (ops/attention.cpp's math): a row the mask hides entirely has
        // P = 0, so it passes no gradient (softmax's NaN would poison every input's)
        Value* dead = c.b.op("aten::eq.Scalar", {c.b.op("aten::amax", {scores, IValue::int_list({-1}), true}),
                                                 double(-INFINITY)});
        p = c.b.op("aten::where.ScalarSelf", {dead, 0.0, p});
    }
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
                     {c.g(), c.in(0), c.in(1), c.in(2), c.y(), c.n->output(1), c.in(3), c.in(4)});
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
    // loss.cpp's MseLossBackward0: (x - t) * scale * g, in that order.
    Value* d = c.b.mul(c.b.mul(c.b.sub(c.in(0), c.in(1)), scale), c.g());
    if (c.need(0)) r[0] = c.b.sum_to(d, c.sizes(0));
    if (c.need(1)) r[1] = c.b.sum_to(c.b.op("aten::neg", {d}), c.sizes(1));
    return r;
}

Value* same_shape(Ctx& c) { return c.b.reshape(c.g(), c.sizes(0)); }
// fmax/fmin: the gradient goes to self where it was chosen (ties, and where other is NaN), else to other.
Grads fextremum(Ctx& c, const char* self_cmp) {
    Grads r = grads(c);
    Value* a = c.in(0);
    Value* b = c.in(1);
    Value* self_wins = c.b.op("aten::logical_or", {c.b.op(self_cmp, {a, b}), c.b.op("aten::ne.Tensor", {b, b})});
    if (c.need(0)) r[0] = c.b.sum_to(c.b.op("aten::where.ScalarOther", {self_wins, c.g(), 0.0}), c.sizes(0));
    if (c.need(1)) r[1] = c.b.sum_to(c.b.op("aten::where.ScalarSelf", {self_wins, 0.0, c.g()}), c.sizes(1));
    return r;
}


// ---- the eager formulas, over graph values ------------------------------------------------------
// ops/pointwise.def's backward column is a C++ expression over Kiln's eager ops (mul(g, cos(x))).
// `sym` gives those names overloads that build graph nodes, so the very same expression text,
// included from the .def file, is the graph formula: each unary row's backward is written once and
// used by eager autograd (pointwise.cpp) and by AOT autograd (here). The formulas below that
// mirror an eager closure (ops/*.cpp) are written with the same names, in the same order, so the
// compiled gradient rounds as the eager one does.
namespace sym {

struct V {
    Builder* b;
    Value* v;
};

IValue scalar_value(const Scalar& s) {
    if (s.is_bool()) return IValue(s.to_bool());
    if (s.is_floating()) return IValue(s.to_double());
    return IValue(s.to_int());
}
V op(Builder* b, const char* name, const std::vector<Arg>& args) { return {b, b->op(name, args)}; }
V mul(V a, V b) { return op(a.b, "aten::mul.Tensor", {a.v, b.v}); }
V mul(V a, const Scalar& s) { return op(a.b, "aten::mul.Scalar", {a.v, scalar_value(s)}); }
V div(V a, V b) { return op(a.b, "aten::div.Tensor", {a.v, b.v}); }
V div(V a, const Scalar& s) { return op(a.b, "aten::div.Scalar", {a.v, scalar_value(s)}); }
V div(V a, V b, const std::string& mode) { return op(a.b, "aten::div.Tensor_mode", {a.v, b.v, IValue(mode)}); }
V add(V a, V b) { return op(a.b, "aten::add.Tensor", {a.v, b.v}); }
V add(V a, const Scalar& s) { return op(a.b, "aten::add.Scalar", {a.v, scalar_value(s)}); }
V sub(V a, V b) { return op(a.b, "aten::sub.Tensor", {a.v, b.v}); }
V sub(V a, const Scalar& s) { return op(a.b, "aten::sub.Scalar", {a.v, scalar_value(s)}); }
V rsub(V a, const Scalar& s) { return op(a.b, "aten::rsub.Scalar", {a.v, scalar_value(s)}); }
V pow(V a, const Scalar& s) { return op(a.b, "aten::pow.Tensor_Scalar", {a.v, scalar_value(s)}); }
V pow(V a, V e) { return op(a.b, "aten::pow.Tensor_Tensor", {a.v, e.v}); }
#define KILN_SYM_UNARY(name) \
    [[maybe_unused]] V name(V a) { return op(a.b, "aten::" #name, {a.v}); }
KILN_SYM_UNARY(neg) KILN_SYM_UNARY(exp) KILN_SYM_UNARY(abs) KILN_SYM_UNARY(logical_not) KILN_SYM_UNARY(reciprocal)
// pointwise.def's KILN_UNARY_FN rows (sin, cosh, digamma, ...), which other rows' formulas call.
#define KILN_UNARY_FN(name, alias, inplace, grad_fn, kind, saves, expr, backward) KILN_SYM_UNARY(name)
#include "ops/pointwise.def"
#undef KILN_SYM_UNARY
// torch.special's native ops and full_like, which ops/special_fns_grad.h's formulas call.
[[maybe_unused]] V special_i0e(V a) { return op(a.b, "aten::special_i0e", {a.v}); }
[[maybe_unused]] V special_i1e(V a) { return op(a.b, "aten::special_i1e", {a.v}); }
[[maybe_unused]] V full_like(V a, const Scalar& s) { return op(a.b, "aten::full_like", {a.v, scalar_value(s)}); }
// trigamma (digamma's derivative) is aten's polygamma(1, x).
[[maybe_unused]] V trigamma(V a) { return op(a.b, "aten::polygamma", {IValue(int64_t(1)), a.v}); }
#define KILN_SYM_COMPARE(name)                                                                        \
    [[maybe_unused]] V name(V a, V b) { return op(a.b, "aten::" #name ".Tensor", {a.v, b.v}); }       \
    [[maybe_unused]] V name(V a, const Scalar& s) { return op(a.b, "aten::" #name ".Scalar", {a.v, scalar_value(s)}); }
KILN_SYM_COMPARE(eq) KILN_SYM_COMPARE(ne) KILN_SYM_COMPARE(lt) KILN_SYM_COMPARE(le) KILN_SYM_COMPARE(gt)
KILN_SYM_COMPARE(ge)
#undef KILN_SYM_COMPARE
V logical_and(V a, V b) { return op(a.b, "aten::logical_and", {a.v, b.v}); }
V where(V c, V a, V b) { return op(a.b, "aten::where.self", {c.v, a.v, b.v}); }
V where(V c, V a, const Scalar& s) { return op(a.b, "aten::where.ScalarOther", {c.v, a.v, scalar_value(s)}); }
V where(V c, const Scalar& s, V b) { return op(b.b, "aten::where.ScalarSelf", {c.v, scalar_value(s), b.v}); }
V masked_fill(V a, V m, const Scalar& s) { return op(a.b, "aten::masked_fill.Scalar", {a.v, m.v, scalar_value(s)}); }
V zeros_like(V a) { return op(a.b, "aten::zeros_like", {a.v}); }
V sum_to(V a, const Shape& sizes) { return {a.b, a.b->sum_to(a.v, sizes)}; }

// The unary rows of pointwise.def: op name, its backward column's text ("CUSTOM" where
// pointwise.cpp writes the formula out, as the rows below do too) and that column over (g, x, y).
using Unary = V (*)(V g, V x, V y);
struct UnaryRow {
    const char* name;
    const char* backward_text;
    Unary backward;
};
const std::vector<UnaryRow>& unary_rows() {
    static const std::vector<UnaryRow> rows = {
#define CUSTOM V{nullptr, nullptr}
#define KILN_UNARY_OP(name, grad_fn, kind, saves, expr, backward) \
    {#name, #backward, [](V g, V x, V y) -> V { (void)g, (void)x, (void)y; return backward; }},
#include "ops/pointwise.def"
#undef CUSTOM
    };
    return rows;
}

}  // namespace sym

// A unary pointwise row's formula: the .def expression with g, x (input 0) and y (output 0).
Formula def_row(sym::Unary f) {
    return unary([f](Ctx& c) {
        sym::V r = f({&c.b, c.g()}, {&c.b, c.in(0)}, {&c.b, c.y()});
        if (!r.v) c.unsupported("(its pointwise.def row is CUSTOM)");
        return r.v;
    });
}

sym::V S(Ctx& c, Value* v) { return {&c.b, v}; }

std::optional<double> opt_number(const Ctx& c, const char* name) {
    auto v = passes::constant_value(c.arg(name));
    if (!v || v->is_none()) return std::nullopt;
    if (!v->is_number()) c.unsupported(std::string("with a computed ") + name);
    return v->to_double();
}

// clamp (and hardtanh, relu6, clamp_min, clamp_max): the gradient passes where min <= x <= max, both
// ends included (pointwise.cpp's ClampBackward1).
Grads clamp(Ctx& c, std::optional<double> lo, std::optional<double> hi) {
    using namespace sym;
    Grads r = grads(c);
    if (!c.need(0)) return r;
    V x = S(c, c.in(0)), g = S(c, c.g());
    V pass{nullptr, nullptr};
    if (lo) pass = ge(x, Scalar(*lo));
    if (hi) pass = pass.v ? logical_and(pass, le(x, Scalar(*hi))) : le(x, Scalar(*hi));
    r[0] = pass.v ? where(pass, g, Scalar(0)).v : g.v;
    return r;
}

// A formula's Scalar from a schema argument holding a constant (ints stay ints).
Scalar const_scalar(const Ctx& c, const char* name) {
    auto v = passes::constant_value(c.arg(name));
    if (!v || !v->is_number()) c.unsupported(std::string("with a computed ") + name);
    if (v->is_int()) return Scalar(v->to_int());
    return Scalar(v->to_double());
}

// Binary formulas mirroring pointwise.cpp's closures.
Grads binary_pointwise(Ctx& c, const std::string& which) {
    using namespace sym;
    Grads r = grads(c);
    V g = S(c, c.g()), a = S(c, c.in(0)), b = S(c, c.in(1));
    const Shape sa = c.sizes(0), sb = c.sizes(1);
    if (which == "maximum" || which == "minimum") {
        const bool is_max = which == "maximum";
        V half = where(eq(a, b), div(g, Scalar(2)), g);
        if (c.need(0)) r[0] = sum_to(masked_fill(half, is_max ? lt(a, b) : gt(a, b), Scalar(0)), sa).v;
        if (c.need(1)) r[1] = sum_to(masked_fill(half, is_max ? gt(a, b) : lt(a, b), Scalar(0)), sb).v;
    } else if (which == "atan2") {
        V q = div(g, add(mul(a, a), mul(b, b)));
        if (c.need(0)) r[0] = sum_to(mul(q, b), sa).v;
        if (c.need(1)) r[1] = sum_to(neg(mul(q, a)), sb).v;
    } else if (which == "remainder" || which == "fmod") {
        if (c.need(0)) r[0] = sum_to(g, sa).v;
        if (c.need(1)) r[1] = sum_to(neg(mul(g, div(a, b, which == "remainder" ? "floor" : "trunc"))), sb).v;
    } else if (which == "pow") {
        V y = S(c, c.y());
        if (c.need(0)) r[0] = sum_to(masked_fill(mul(g, mul(b, pow(a, sub(b, Scalar(1))))), eq(b, Scalar(0)), Scalar(0)), sa).v;
        if (c.need(1)) {
            V d = mul(y, log(a));
            r[1] = sum_to(mul(g, masked_fill(d, logical_and(eq(a, Scalar(0)), ge(b, Scalar(0))), Scalar(0))), sb).v;
        }
    }
    return r;
}

// where(cond, a, b): the gradient goes to a where cond holds, to b elsewhere.
Grads where_self(Ctx& c) {
    using namespace sym;
    Grads r = grads(c);
    V cond = S(c, c.in(0)), g = S(c, c.g());
    if (c.need(1)) r[1] = sum_to(where(cond, g, Scalar(0)), c.sizes(1)).v;
    if (c.need(2)) r[2] = sum_to(where(cond, Scalar(0), g), c.sizes(2)).v;
    return r;
}

// x.masked_fill(mask, value): filled positions take no gradient.
Grads masked_fill_formula(Ctx& c) {
    using namespace sym;
    Grads r = grads(c);
    if (c.need(0)) r[0] = sum_to(masked_fill(S(c, c.g()), S(c, c.in(1)), Scalar(0)), c.sizes(0)).v;
    return r;
}

// nll_loss_forward -> nll_loss_backward (ops/native_backward.h; the eager NllLossBackward0's kernel),
// reading the forward's total_weight.
Grads nll_loss_forward(Ctx& c) {
    Grads r = grads(c);
    if (!c.need(0) || !c.g()) return r;
    r[0] = c.b.op("aten::nll_loss_backward", {c.g(), c.in(0), c.in(1), c.in(2), c.in(3), c.in(4), c.n->output(1)});
    return r;
}

// binary_cross_entropy_with_logits: with s = g / N for the mean (ops/loss.cpp's
// BinaryCrossEntropyWithLogitsBackward0, PyTorch's binary_cross_entropy_with_logits_backward and
// _target_backward), w the weight and pw the pos_weight where given:
//   dx = ((pw t + 1 - t) sigmoid(x) - pw t) w s    (no pw: (sigmoid(x) - t) w s)
//   dt = (log_sigmoid(-x) - pw log_sigmoid(x)) w s (no pw: -x w s)
Grads bce_with_logits(Ctx& c) {
    using namespace sym;
    Grads r = grads(c);
    auto red = passes::constant_value(c.arg("reduction"));
    if (!red || !red->is_int()) c.unsupported("with a computed reduction");
    const double scale = red->to_int() == 1 ? 1.0 / double(std::max<int64_t>(shape_numel(c.sizes(0)), 1)) : 1.0;
    Value *wv = c.arg("weight"), *pv = c.arg("pos_weight");
    const bool has_w = wv && !passes::is_none_value(wv), has_p = pv && !passes::is_none_value(pv);
    V x = S(c, c.in(0)), t = S(c, c.in(1));
    V gs = mul(S(c, c.g()), Scalar(scale));
    auto log_sigmoid = [](V v) { return sub(op(v.b, "aten::clamp", {v.v, IValue(), 0.0}), op(v.b, "aten::log1p", {exp(neg(abs(v))).v})); };
    if (c.need(0)) {
        V pt = has_p ? mul(S(c, pv), t) : V{};
        V dx = has_p ? sub(mul(sub(add(pt, Scalar(1.0)), t), sigmoid(x)), pt) : sub(sigmoid(x), t);
        if (has_w) dx = mul(dx, S(c, wv));
        r[0] = mul(dx, gs).v;
    }
    if (c.need(1)) {
        V dt = has_p ? sub(log_sigmoid(neg(x)), mul(log_sigmoid(x), S(c, pv))) : neg(x);
        if (has_w) dt = mul(dt, S(c, wv));
        r[1] = mul(dt, gs).v;
    }
    return r;
}

// binary_cross_entropy (ops/loss.cpp's BinaryCrossEntropyBackward0, PyTorch's
// binary_cross_entropy_backward and _target_backward), with s = g / N for the mean and w the weight:
//   dx = s (x - t) / max((1 - x) x, 1e-12) w     (finite where x is exactly 0 or 1)
//   dt = -logit(x) s w
Grads bce(Ctx& c) {
    using namespace sym;
    Grads r = grads(c);
    auto red = passes::constant_value(c.arg("reduction"));
    if (!red || !red->is_int()) c.unsupported("with a computed reduction");
    const double scale = red->to_int() == 1 ? 1.0 / double(std::max<int64_t>(shape_numel(c.sizes(0)), 1)) : 1.0;
    Value* wv = c.arg("weight");
    const bool has_w = wv && !passes::is_none_value(wv);
    V x = S(c, c.in(0)), t = S(c, c.in(1)), g = S(c, c.g());
    if (c.need(0)) {
        V denom = op(x.b, "aten::clamp", {mul(rsub(x, Scalar(1.0)), x).v, 1e-12, IValue()});
        V dx = div(mul(g, sub(x, t)), denom);
        if (has_w) dx = mul(dx, S(c, wv));
        if (scale != 1.0) dx = mul(dx, Scalar(scale));
        r[0] = dx.v;
    }
    if (c.need(1)) {
        V dt = mul(neg(op(x.b, "aten::logit", {x.v, IValue()})), g);
        if (has_w) dt = mul(dt, S(c, wv));
        if (scale != 1.0) dt = mul(dt, Scalar(scale));
        r[1] = dt.v;
    }
    return r;
}

// embedding: embedding_dense_backward, the eager EmbeddingBackward0's kernel.
Grads embedding(Ctx& c) {
    Grads r = grads(c);
    if (!c.need(0)) return r;
    const int64_t num = c.sizes(0).at(0);
    const int64_t pad = const_dim(c, "padding_idx");
    r[0] = c.b.op("aten::embedding_dense_backward",
                  {c.g(), c.in(1), num, pad < 0 ? int64_t(-1) : pad, const_flag(c, "scale_grad_by_freq")});
    return r;
}

// embedding_bag: the eager EmbeddingBagBackward0's kernels as ops, reading the forward's bag sizes
// and max indices (outputs 2 and 3); the padding_idx overload's None becomes ATen's -1.
Grads embedding_bag(Ctx& c) {
    Grads r = grads(c);
    if (!c.g()) return r;
    int64_t pad = -1;
    if (Value* p = c.arg("padding_idx")) {
        auto v = passes::constant_value(p);
        if (!v || !(v->is_int() || v->is_none())) c.unsupported("with a computed padding_idx");
        if (v->is_int()) pad = v->to_int() < 0 ? v->to_int() + c.sizes(0).at(0) : v->to_int();
    }
    const int64_t mode = const_dim(c, "mode");
    if (c.need(0))
        r[0] = c.b.op("aten::_embedding_bag_backward",
                      {c.g(), c.in(1), c.in(2), c.n->output(1), c.n->output(2), c.n->output(3), c.sizes(0).at(0),
                       const_flag(c, "scale_grad_by_freq"), mode, const_flag(c, "sparse"), c.in(6), pad});
    if (c.need(6))
        r[6] = c.b.op("aten::_embedding_bag_per_sample_weights_backward",
                      {c.g(), c.in(0), c.in(1), c.in(2), c.n->output(1), mode, pad});
    return r;
}

// _ctc_loss: the eager CtcLossBackward0's kernel as an op, reading the forward's two outputs.
Grads ctc_loss_raw(Ctx& c) {
    Grads r = grads(c);
    if (!c.need(0) || !c.g()) return r;
    r[0] = c.b.op("aten::_ctc_loss_backward", {c.g(), c.in(0), c.in(1), c.in(2), c.in(3), c.n->output(0),
                                               c.n->output(1), const_dim(c, "blank"), const_flag(c, "zero_infinity")});
    return r;
}

Grads adaptive_avg_pool(Ctx& c, int nd) {
    Grads r = grads(c);
    if (c.need(0)) r[0] = c.b.op(str("aten::_adaptive_avg_pool", nd, "d_backward"), {c.g(), c.in(0)});
    return r;
}

// max_pool2d_with_indices / adaptive_max_pool2d: the gradient lands on each window's argmax, the
// forward's second output (flat over H*W of each plane): scatter_add into zeros, as the eager nodes.
Grads pool_with_indices(Ctx& c, bool adaptive, int nd = 2) {
    Grads r = grads(c);
    if (!c.need(0) || !c.g()) return r;
    if (!adaptive) {
        r[0] = c.b.op(str("aten::max_pool", nd, "d_with_indices_backward"),
                      {c.g(), c.in(0), const_ints(c, "kernel_size"), const_ints(c, "stride"), const_ints(c, "padding"),
                       const_ints(c, "dilation"), const_flag(c, "ceil_mode"), c.n->output(1)});
        return r;
    }
    const Shape xs = c.sizes(0);
    const int64_t H = xs.at(xs.size() - 2), W = xs.back();
    const int64_t planes = (H * W) != 0 ? shape_numel(xs) / (H * W) : 0;
    Value* gi = c.b.reshape(c.g(), {planes, -1});
    Value* z = c.b.op("aten::zeros_like", {c.b.reshape(c.in(0), {planes, H * W})});
    Value* idx = c.b.reshape(c.n->output(1), {planes, -1});
    r[0] = c.b.reshape(c.b.op("aten::scatter_add", {z, int64_t(1), idx, gi}), xs);
    return r;
}

// Reductions that pick elements (amax/amin, max/min over everything): the gradient is shared
// equally by the elements equal to the result, as PyTorch's amax backward.
// The count of each reduced group's elements where `mask` holds (keepdim), so a gradient split
// evenly among ties divides by it.
Value* group_count(Ctx& c, sym::V mask, const std::optional<std::vector<int64_t>>& dims) {
    std::vector<int64_t> all;
    if (dims && !dims->empty()) all = *dims;
    else
        for (int64_t d = 0; d < int64_t(c.sizes(0).size()); ++d) all.push_back(d);
    return c.b.op("aten::sum.dim_IntList", {mask.v, IValue::int_list(all), true});
}

Grads extremum_reduction(Ctx& c) {
    using namespace sym;
    Grads r = grads(c);
    if (!c.need(0)) return r;
    std::optional<std::vector<int64_t>> dims;
    bool keep = false;
    if (c.arg("dim")) {
        dims = passes::constant_ints(c.arg("dim"));
        if (!dims) c.unsupported("over computed dims");
        keep = const_flag(c, "keepdim").to_bool();
    }
    V y = S(c, expand_back(c, c.y(), dims, keep));
    V g = S(c, expand_back(c, c.g(), dims, keep));
    V mask = eq(S(c, c.in(0)), y);
    r[0] = div(mul(g, mask), S(c, group_count(c, mask, dims))).v;
    return r;
}

// max.dim / min.dim (values, indices): the gradient lands on each row's index.
Grads extremum_dim(Ctx& c) {
    Grads r = grads(c);
    if (!c.need(0) || !c.g()) return r;
    const int64_t nd = int64_t(c.sizes(0).size());
    const int64_t d = wrap_dim(const_dim(c, "dim"), std::max<int64_t>(nd, 1));
    const bool keep = const_flag(c, "keepdim").to_bool();
    Value* g = c.g();
    Value* idx = c.n->output(1);
    if (!keep && nd > 0) {
        g = c.b.op("aten::unsqueeze", {g, d});
        idx = c.b.op("aten::unsqueeze", {idx, d});
    }
    if (nd == 0) {
        r[0] = g;
        return r;
    }
    r[0] = c.b.op("aten::scatter_add", {c.b.op("aten::zeros_like", {c.in(0)}), d, idx, g});
    return r;
}

// logsumexp: g * exp(x - y) (y broadcast back over the reduced dims).
Grads logsumexp(Ctx& c) {
    Grads r = grads(c);
    if (!c.need(0)) return r;
    auto dims = passes::constant_ints(c.arg("dim"));
    if (!dims) c.unsupported("over computed dims");
    const bool keep = const_flag(c, "keepdim").to_bool();
    Value* y = expand_back(c, c.y(), dims, keep);
    Value* g = expand_back(c, c.g(), dims, keep);
    r[0] = c.b.mul(g, c.b.op("aten::exp", {c.b.sub(c.in(0), y)}));
    return r;
}

// var / std with a correction (Bessel's by default): dvar = g * 2 (x - mean) / (N - correction);
// dstd = dvar / (2 std).
Grads var_std(Ctx& c, bool is_std) {
    Grads r = grads(c);
    if (!c.need(0)) return r;
    const graph::OpSchema* s = c.n->schema;
    std::optional<std::vector<int64_t>> dims;
    bool keep = false;
    double correction = 1;
    if (s->arg_index("dim") >= 0) {
        if (!passes::is_none_value(c.arg("dim"))) {
            dims = passes::constant_ints(c.arg("dim"));
            if (!dims) c.unsupported("over computed dims");
        }
        keep = const_flag(c, "keepdim").to_bool();
    }
    if (s->arg_index("unbiased") >= 0) correction = const_flag(c, "unbiased").to_bool() ? 1 : 0;
    if (s->arg_index("correction") >= 0) correction = opt_number(c, "correction").value_or(1.0);
    const Shape xs = c.sizes(0);
    std::vector<int64_t> rd;
    if (dims && !dims->empty()) {
        for (int64_t d : *dims) rd.push_back(wrap_dim(d, std::max<int64_t>(int64_t(xs.size()), 1)));
    } else {
        for (int64_t d = 0; d < int64_t(xs.size()); ++d) rd.push_back(d);
    }
    double n = 1;
    for (int64_t d : rd)
        if (!xs.empty()) n *= double(xs[size_t(d)]);
    Value* x = c.in(0);
    Value* mean = xs.empty() ? x
                             : c.b.op("aten::div.Scalar", {c.b.op("aten::sum.dim_IntList", {x, IValue::int_list(rd), true}), number(n)});
    Value* g = expand_back(c, c.g(), dims, keep);
    if (is_std) g = c.b.div(g, c.b.mul(expand_back(c, c.y(), dims, keep), 2.0));
    r[0] = c.b.mul(c.b.mul(g, c.b.sub(x, mean)), 2.0 / std::max(n - correction, 0.0));
    return r;
}

// linalg_vector_norm / norm with p = 2: g x / y (0 where y == 0).
// Vector p-norms (ops/reduce.cpp's LinalgVectorNormBackward0, PyTorch's norm_backward), y the norm:
//   p = 0: 0; p = 1: sign(x) g; p = +-inf: sign(x) g split evenly among the |x| equal to y;
//   p = 2: x g / y; otherwise x |x|^(p-2) g / y^(p-1); 0 where y = 0.
Grads norm2(Ctx& c) {
    using namespace sym;
    Grads r = grads(c);
    if (!c.need(0)) return r;
    const char* pname = c.n->schema->arg_index("ord") >= 0 ? "ord" : "p";
    const double p = opt_number(c, pname).value_or(2.0);
    std::optional<std::vector<int64_t>> dims;
    bool keep = false;
    if (c.arg("dim") && !passes::is_none_value(c.arg("dim"))) {
        dims = passes::constant_ints(c.arg("dim"));
        if (!dims) c.unsupported("over computed dims");
    }
    if (c.arg("keepdim")) keep = const_flag(c, "keepdim").to_bool();
    V x = S(c, c.in(0));
    V y = S(c, expand_back(c, c.y(), dims, keep)), g = S(c, expand_back(c, c.g(), dims, keep));
    if (p == 0) {
        r[0] = zeros_like(x).v;
    } else if (p == 1) {
        r[0] = mul(sign(x), g).v;
    } else if (std::isinf(p)) {
        V mask = eq(abs(x), y);
        r[0] = mul(sign(x), div(mul(g, mask), S(c, group_count(c, mask, dims)))).v;
    } else if (p == 2) {
        r[0] = masked_fill(div(mul(g, x), y), eq(y, Scalar(0)), Scalar(0)).v;
    } else {
        V scale = masked_fill(div(g, pow(y, Scalar(p - 1))), eq(y, Scalar(0)), Scalar(0));
        r[0] = mul(mul(x, pow(abs(x), Scalar(p - 2))), scale).v;
    }
    return r;
}

// prod: g * y / x (x without zeros; PyTorch's formula handles zeros separately).
Grads prod(Ctx& c) {
    Grads r = grads(c);
    if (!c.need(0)) return r;
    std::optional<std::vector<int64_t>> dims;
    bool keep = false;
    if (c.arg("dim")) {
        dims = std::vector<int64_t>{const_dim(c, "dim")};
        keep = const_flag(c, "keepdim").to_bool();
    }
    Value* y = expand_back(c, c.y(), dims, keep);
    Value* g = expand_back(c, c.g(), dims, keep);
    r[0] = c.b.div(c.b.mul(g, y), c.in(0));
    return r;
}

// cumsum: the reversed cumulative sum of g: sum(g, dim) - cumsum(g, dim) + g.
Grads cumsum(Ctx& c) {
    Grads r = grads(c);
    if (!c.need(0)) return r;
    if (!passes::is_none_value(c.arg("dtype"))) c.unsupported("with a dtype argument");
    const int64_t d = const_dim(c, "dim");
    Value* g = c.g();
    Value* total = c.b.op("aten::sum.dim_IntList", {g, IValue::int_list({d}), true});
    r[0] = c.b.add(c.b.sub(total, c.b.op("aten::cumsum", {g, d})), g);
    return r;
}

// cumprod: PyTorch's cumprod_backward in its data-independent form (the one AOTAutograd traces).
// With z1 the first zero of x's row: before z1, dx_k = sum_{j>=k} g_j y_j / x_k (a reversed cumsum);
// at z1, dx = prod_{i<z1} x_i * sum_{z1<=j<z2} g_j prod_{z1<i<=j} x_i (z2: the next zero); after z1,
// every product holds x_z1 = 0, so dx = 0. Masks select the three cases; nothing reads the data.
Grads cumprod(Ctx& c) {
    Grads r = grads(c);
    if (!c.need(0)) return r;
    if (!passes::is_none_value(c.arg("dtype"))) c.unsupported("with a dtype argument");
    const Shape s = c.sizes(0);
    const int64_t d = const_dim(c, "dim");
    if (s.empty() || s[size_t(wrap_dim(d, int64_t(s.size())))] == 1) {
        r[0] = c.g();
        return r;
    }
    Builder& b = c.b;
    Value *x = c.in(0), *y = c.y(), *g = c.g();
    const IValue zero(int64_t(0)), one(int64_t(1));
    auto sum_keep = [&](Value* v) { return b.op("aten::sum.dim_IntList", {v, IValue::int_list({d}), true}); };
    auto keep = [&](Value* mask, Value* v, double other) { return b.op("aten::where.ScalarOther", {mask, v, other}); };
    Value* is_zero = b.op("aten::eq.Scalar", {x, zero});
    Value* zeros_seen = b.op("aten::cumsum", {is_zero, d});  // zeros at or before k
    Value* before = b.op("aten::eq.Scalar", {zeros_seen, zero});
    Value* one_seen = b.op("aten::eq.Scalar", {zeros_seen, one});
    Value* first = b.op("aten::logical_and", {is_zero, one_seen});
    Value* between = b.op("aten::logical_and", {one_seen, b.op("aten::logical_not", {is_zero})});
    Value* gy = b.mul(g, y);
    Value* rev = b.add(b.sub(sum_keep(gy), b.op("aten::cumsum", {gy, d})), gy);
    Value* early = keep(before, b.div(rev, keep(before, x, 1.0)), 0.0);
    Value* prefix = b.op("aten::prod.dim_int", {keep(before, x, 1.0), d, true});
    Value* run = b.op("aten::cumprod", {keep(between, x, 1.0), d});
    Value* at_zero = keep(first, b.mul(prefix, sum_keep(b.mul(keep(one_seen, g, 0.0), run))), 0.0);
    r[0] = b.add(early, at_zero);
    return r;
}

// diagonal / diag / trace: the gradient placed on the same diagonal of zeros (diagonal_backward).
Grads diagonal(Ctx& c) {
    Grads r = grads(c);
    if (c.need(0))
        r[0] = c.b.op("aten::diagonal_backward", {c.g(), IValue::int_list(c.sizes(0)), const_dim(c, "offset"),
                                                  const_dim(c, "dim1"), const_dim(c, "dim2")});
    return r;
}
Grads diag(Ctx& c) {
    Grads r = grads(c);
    if (!c.need(0)) return r;
    const int64_t k = const_dim(c, "diagonal");
    // a vector became a matrix's diagonal (DiagEmbedBackward0): read it back; a matrix gave its diagonal
    r[0] = c.sizes(0).size() == 1
               ? c.b.op("aten::diagonal", {c.g(), k, IValue(int64_t(0)), IValue(int64_t(1))})
               : c.b.op("aten::diagonal_backward", {c.g(), IValue::int_list(c.sizes(0)), k, IValue(int64_t(0)), IValue(int64_t(1))});
    return r;
}
Grads trace(Ctx& c) {
    Grads r = grads(c);
    if (!c.need(0)) return r;
    const Shape s = c.sizes(0);
    Value* g = c.b.op("aten::expand", {c.g(), IValue::int_list({std::min(s.at(0), s.at(1))})});
    r[0] = c.b.op("aten::diagonal_backward", {g, IValue::int_list(s), IValue(int64_t(0)), IValue(int64_t(0)), IValue(int64_t(1))});
    return r;
}

// The gradient of a cast: cast back to the input's dtype.
Grads cast(Ctx& c) {
    Grads r = grads(c);
    if (!c.need(0)) return r;
    auto t = passes::tensor_info(c.in(0));
    if (!t) c.unsupported("without a typed input");
    auto gt = passes::tensor_info(c.g());
    r[0] = gt && gt->dtype == t->dtype ? c.g() : c.b.op("aten::to.dtype", {c.g(), graph::scalar_type_code(t->dtype)});
    return r;
}

// Matrix-vector products (dot, mv, outer) and baddbmm.
Grads small_products(Ctx& c, const std::string& which) {
    Grads r = grads(c);
    Value *a = c.in(0), *b = c.in(1), *g = c.g();
    if (which == "dot") {
        if (c.need(0)) r[0] = c.b.mul(b, g);
        if (c.need(1)) r[1] = c.b.mul(a, g);
    } else if (which == "mv") {  // y = A v: dA = g v^T, dv = A^T g
        if (c.need(0)) r[0] = c.b.op("aten::outer", {g, b});
        if (c.need(1)) r[1] = c.b.op("aten::mv", {c.b.op("aten::t", {a}), g});
    } else if (which == "outer") {  // y = a b^T: da = y b, db = y^T a
        if (c.need(0)) r[0] = c.b.op("aten::mv", {g, b});
        if (c.need(1)) r[1] = c.b.op("aten::mv", {c.b.op("aten::t", {g}), a});
    } else {  // baddbmm(self, b1, b2) = beta self + alpha b1 @ b2
        const double beta = c.scalar("beta", 1), alpha = c.scalar("alpha", 1);
        Value *b1 = c.in(1), *b2 = c.in(2);
        auto T = [&](Value* v) { return c.b.op("aten::transpose.int", {v, int64_t(-2), int64_t(-1)}); };
        Value* ga = alpha == 1 ? g : c.b.mul(g, alpha);
        if (c.need(0)) r[0] = c.b.sum_to(beta == 1 ? g : c.b.mul(g, beta), c.sizes(0));
        if (c.need(1)) r[1] = c.b.op("aten::bmm", {ga, T(b2)});
        if (c.need(2)) r[2] = c.b.op("aten::bmm", {T(b1), ga});
    }
    return r;
}

// ---- torch.linalg's decompositions --------------------------------------------------------------
// The eager nodes' formulas (ops/linalg_decomp.cpp: PyTorch's derivatives.yaml entries and
// FunctionsManual.cpp's linalg_*_backward), op for op in graph form. The decompositions are ops of the
// table themselves (linalg_inv, linalg_solve, linalg_svd, linalg_matrix_exp in a backward graph), so
// the backward runs wherever the forward does (Inductor keeps them as fallback kernels). A multi-output
// op's unused output has no gradient (nullptr): a formula reads it as zeros, as the eager engine does.
struct LinalgGraph {
    Ctx& c;
    Value* T(Value* v) { return c.b.op("aten::transpose.int", {v, int64_t(-2), int64_t(-1)}); }
    Value* mm(Value* a, Value* b) { return c.b.op("aten::matmul", {a, b}); }
    Value* unsq(Value* v, int64_t d) { return c.b.op("aten::unsqueeze", {v, d}); }
    Value* eye(int64_t n, Value* like) {
        auto t = passes::tensor_info(like);
        return c.b.op("aten::eye", {n, graph::scalar_type_code(t->dtype), IValue(), IValue(t->device)});
    }
    // v (..., n) -> (..., n, n) with v on the diagonal (linalg_decomp.cpp's diag_embed_of: v * I)
    Value* diag_embed(Value* v) { return c.b.mul(unsq(v, -1), eye(Builder::sizes_of(v).back(), v)); }
    Value* diagonal(Value* v) { return c.b.op("aten::diagonal", {v, int64_t(0), int64_t(-2), int64_t(-1)}); }
    Value* tril(Value* v, int64_t k = 0) { return c.b.op("aten::tril", {v, k}); }
    Value* narrow(Value* v, int64_t dim, int64_t start, int64_t len) { return c.b.op("aten::narrow", {v, dim, start, len}); }
    Value* cat(const std::vector<Value*>& parts, int64_t dim) {
        Node* l = c.b.graph().insert("prim::ListConstruct", parts, 1);
        l->output()->type = graph::list_type(graph::tensor_type());
        return c.b.op("aten::cat", {l->output(), dim});
    }
    Value* grad_or_zeros(size_t i) { return c.gout.at(i) ? c.gout.at(i) : c.b.op("aten::zeros_like", {c.n->output(i)}); }
    bool flag(const char* name) {
        auto v = passes::constant_value(c.arg(name));
        if (!v || !v->is_bool()) c.unsupported(std::string("with a computed ") + name);
        return v->to_bool();
    }
};

// inv: d(A^-1) = -A^-1 dA A^-1, so gA = -A^-T g A^-T (A^-1 the forward's result).
Value* linalg_inv_grad(Ctx& c) {
    LinalgGraph o{c};
    Value* it = o.T(c.y());
    return c.b.op("aten::neg", {o.mm(it, o.mm(c.g(), it))});
}

// det: gA = g det(A) A^-T, the cofactor matrix times g. Written as PyTorch's linalg_det_backward writes
// it for a singular A, which holds for every A: with A = U S Vh, gA = U diag(alpha prod_{j != i} s_j) Vh,
// alpha = g det(U) det(Vh). PyTorch's backward without create_graph (the eager node's, and what its AOT
// autograd traces) solves A^T gA = g det I through the forward's LU with zero pivots perturbed: the same
// matrix up to rounding, except that a det that is exactly 0 gives gA = 0, here too.
// The products run in float64 (a float32 A is widened, the result rounded once), as the eager node's LU
// solve does: float32 singular factors would cost the cofactors a few ulps.
Value* linalg_det_grad(Ctx& c) {
    LinalgGraph o{c};
    auto t = passes::tensor_info(c.in(0));
    const bool widen = t && t->dtype == DType::Float32;
    auto f64 = [&](Value* v) { return widen ? c.b.op("aten::to.dtype", {v, graph::scalar_type_code(DType::Float64)}) : v; };
    std::vector<Value*> usv = c.b.ops("aten::linalg_svd", {f64(c.in(0)), true});
    Value *U = usv[0], *S = usv[1], *Vh = usv[2];
    Value* alpha = c.b.mul(c.b.mul(c.b.op("aten::linalg_det", {U}), c.b.op("aten::linalg_det", {Vh})), f64(c.g()));
    Value* I = o.eye(c.sizes(0).back(), S);
    // X[..., i, j] = s_j off the diagonal and 1 on it: row i's product is prod_{j != i} s_j
    // (prod_safe_zeros_backward's products, exact where some s_j is 0).
    Value* X = c.b.add(c.b.mul(o.unsq(S, -2), c.b.op("aten::rsub.Scalar", {I, 1.0})), I);
    Value* D = c.b.mul(o.unsq(alpha, -1), c.b.op("aten::prod.dim_int", {X, int64_t(-1)}));
    Value* gA = o.mm(c.b.mul(U, o.unsq(D, -2)), Vh);
    // det == 0: the cofactors times 0 (their signs kept, as the eager solve's zeros have them)
    gA = c.b.mul(gA, o.unsq(o.unsq(c.b.op("aten::ne.Scalar", {c.y(), 0.0}), -1), -1));
    return widen ? c.b.op("aten::to.dtype", {gA, graph::scalar_type_code(DType::Float32)}) : gA;
}

// slogdet: only logabsdet is differentiable (sign is piecewise constant): gA = g A^-T.
Grads linalg_slogdet_grad(Ctx& c) {
    Grads r = grads(c);
    if (!c.need(0) || !c.gout.at(1)) return r;
    LinalgGraph o{c};
    Value* scale = o.unsq(o.unsq(c.gout.at(1), -1), -1);
    r[0] = c.b.mul(scale, o.T(c.b.op("aten::linalg_inv", {c.in(0)})));
    return r;
}

// solve: A X = B (left) gives gB = A^-T gX, gA = -gB X^T; X A = B gives gB = gX A^-T, gA = -X^T gB
// (PyTorch's linalg_solve_backward). A vector B (1-d, or A's shape without the last dim) is a one-column
// matrix; broadcast batch dims are summed back.
Grads linalg_solve_grad(Ctx& c) {
    Grads r = grads(c);
    LinalgGraph o{c};
    const bool left = o.flag("left");
    const Shape as = c.sizes(0), bs = c.sizes(1);
    const Shape a_no_last(as.begin(), as.end() - 1);
    const bool vector = left && (bs.size() == 1 || (bs.size() + 1 == as.size() && bs == a_no_last));
    Value *gX = c.g(), *X = c.y();
    if (vector) {
        gX = o.unsq(gX, -1);
        X = o.unsq(X, -1);
    }
    Value* gB = c.b.op("aten::linalg_solve", {o.T(c.in(0)), gX, IValue(left)});
    if (c.need(0)) r[0] = c.b.sum_to(c.b.op("aten::neg", {left ? o.mm(gB, o.T(X)) : o.mm(o.T(X), gB)}), as);
    if (c.need(1)) r[1] = c.b.sum_to(vector ? c.b.op("aten::squeeze.dim", {gB, int64_t(-1)}) : gB, bs);
    return r;
}

// cholesky: A = L L^T gives gA = L^-T Phi(L^T gL) L^-1, symmetrized, Phi taking the lower triangle with
// the diagonal halved (PyTorch's cholesky_backward; upper=True: L = U^T, gL = gU^T).
Value* linalg_cholesky_grad(Ctx& c) {
    LinalgGraph o{c};
    const bool upper = o.flag("upper");
    Value* L = upper ? o.T(c.y()) : c.y();
    Value* gL = upper ? o.T(c.g()) : c.g();
    Value* P = o.tril(o.mm(o.T(L), o.tril(gL)));
    P = c.b.sub(P, c.b.mul(o.diag_embed(o.diagonal(P)), 0.5));
    Value* Linv = c.b.op("aten::linalg_inv", {L});
    Value* gA = o.mm(o.T(Linv), o.mm(P, Linv));
    return c.b.mul(c.b.add(gA, o.T(gA)), 0.5);
}

// eigh (PyTorch's linalg_eig_backward, Hermitian case): gA = V (diag(gL) + skew(V^T gV) / E) V^T with
// skew(X) = (X - X^T) / 2 and E_ij = L_j - L_i (1 on the diagonal).
Grads linalg_eigh_grad(Ctx& c) {
    Grads r = grads(c);
    if (!c.need(0)) return r;
    LinalgGraph o{c};
    Value *L = c.n->output(0), *V = c.n->output(1);
    Value* inner = nullptr;
    if (c.gout.at(1)) {
        Value* VtgV = o.mm(o.T(V), c.gout.at(1));
        Value* skew = c.b.mul(c.b.sub(VtgV, o.T(VtgV)), 0.5);
        Value* E = c.b.sub(o.unsq(L, -2), o.unsq(L, -1));
        inner = c.b.div(skew, c.b.add(E, o.eye(c.sizes(0).back(), L)));
    }
    if (c.gout.at(0)) {
        Value* d = o.diag_embed(c.gout.at(0));
        inner = inner ? c.b.add(inner, d) : d;
    }
    r[0] = o.mm(V, o.mm(inner, o.T(V)));
    return r;
}

// svd (PyTorch's real svd_backward over the reduced factors: full_matrices narrows U's columns and
// Vh's rows to k = min(m, n) first).
Grads linalg_svd_grad(Ctx& c) {
    Grads r = grads(c);
    if (!c.need(0)) return r;
    LinalgGraph o{c};
    const Shape as = c.sizes(0);
    const int64_t m = as[as.size() - 2], n = as.back(), k = std::min(m, n);
    Value *U = c.n->output(0), *S = c.n->output(1), *Vh = c.n->output(2);
    Value *gU = c.gout.at(0), *gS = c.gout.at(1), *gVh = c.gout.at(2);
    if (Builder::sizes_of(U).back() != k) {
        U = o.narrow(U, -1, 0, k);
        if (gU) gU = o.narrow(gU, -1, 0, k);
    }
    if (Builder::sizes_of(Vh)[as.size() - 2] != k) {
        Vh = o.narrow(Vh, -2, 0, k);
        if (gVh) gVh = o.narrow(gVh, -2, 0, k);
    }
    if (!gU && !gVh) {  // only the singular values: gA = U diag(gS) Vh
        r[0] = o.mm(U, c.b.mul(o.unsq(gS, -1), Vh));
        return r;
    }
    if (!gU) gU = c.b.op("aten::zeros_like", {U});
    if (!gVh) gVh = c.b.op("aten::zeros_like", {Vh});
    Value *V = o.T(Vh), *gV = o.T(gVh);
    auto skew = [&](Value* X) { return c.b.sub(X, o.T(X)); };
    Value *UtgU = o.mm(o.T(U), gU), *VtgV = o.mm(o.T(V), gV);
    Value* S2 = c.b.mul(S, S);
    Value* E = c.b.add(c.b.sub(o.unsq(S2, -2), o.unsq(S2, -1)), o.eye(k, S));  // s_k^2 - s_j^2, 1 on the diagonal
    Value* ret = c.b.add(c.b.mul(skew(UtgU), o.unsq(S, -2)), c.b.mul(o.unsq(S, -1), skew(VtgV)));
    ret = c.b.div(ret, E);
    if (gS) ret = c.b.add(ret, o.diag_embed(gS));
    if (m > n) {
        Value* gA = c.b.add(o.mm(U, ret), c.b.div(c.b.sub(gU, o.mm(U, UtgU)), o.unsq(S, -2)));
        r[0] = o.mm(gA, Vh);
    } else if (m < n) {
        Value* gA = c.b.add(o.mm(ret, Vh), o.T(c.b.div(c.b.sub(gV, o.mm(V, VtgV)), o.unsq(S, -2))));
        r[0] = o.mm(U, gA);
    } else {
        r[0] = o.mm(U, o.mm(ret, Vh));
    }
    return r;
}

// qr (PyTorch's linalg_qr_backward): for A = Q X with X upper k x k, gA = (gQ + Q copyltu(M)) X^-T with
// M = X gX^T - gQ^T Q; a wide A = [A1 | B] has R = [X | Y], Y = Q^T B, whose gradient reaches B as Q gY
// and Q as B gY^T = Q Y gY^T.
Grads linalg_qr_grad(Ctx& c) {
    Grads r = grads(c);
    if (!c.need(0)) return r;
    LinalgGraph o{c};
    auto mode = passes::constant_value(c.arg("mode"));
    if (!mode || !mode->is_string()) c.unsupported("with a computed mode");
    const Shape as = c.sizes(0);
    const int64_t m = as[as.size() - 2], n = as.back();
    // (the eager node raises PyTorch's errors for these when backward runs)
    if (mode->to_string() == "r") c.unsupported("with mode='r' (its derivative needs Q, which that mode does not compute)");
    if (mode->to_string() == "complete" && m > n) c.unsupported("with mode='complete' and more rows than columns");
    Value *Q = c.n->output(0), *R = c.n->output(1);
    Value *gQ = o.grad_or_zeros(0), *gR = o.grad_or_zeros(1);
    auto square = [&](Value* X, Value* gQ_, Value* gX) {
        Value* M = c.b.sub(o.mm(X, o.T(gX)), o.mm(o.T(gQ_), Q));
        Value* low = o.tril(M, -1);
        Value* copyltu = c.b.add(c.b.add(low, o.T(low)), o.diag_embed(o.diagonal(M)));
        Value* rhs = c.b.add(gQ_, o.mm(Q, copyltu));
        return o.T(c.b.op("aten::linalg_solve", {X, o.T(rhs), IValue(true)}));  // rhs X^-T = (X^-1 rhs^T)^T
    };
    if (m >= n) {
        r[0] = square(R, gQ, gR);
        return r;
    }
    Value *X = o.narrow(R, -1, 0, m), *Y = o.narrow(R, -1, m, n - m);
    Value *gX = o.narrow(gR, -1, 0, m), *gY = o.narrow(gR, -1, m, n - m);
    Value* left = square(X, c.b.add(gQ, o.mm(Q, o.mm(Y, o.T(gY)))), gX);
    r[0] = o.cat({left, o.mm(Q, gY)}, -1);
    return r;
}

// matrix_exp: d/dA <g, exp(A)> is the upper-right block of exp([[A^T, g], [0, A^T]]) (the block-matrix
// identity of PyTorch's linalg_matrix_exp_differential).
Value* linalg_matrix_exp_grad(Ctx& c) {
    LinalgGraph o{c};
    const int64_t n = c.sizes(0).back();
    Value* at = o.T(c.in(0));
    Value* top = o.cat({at, c.g()}, -1);
    Value* bottom = o.cat({c.b.op("aten::zeros_like", {at}), at}, -1);
    Value* big = c.b.op("aten::linalg_matrix_exp", {o.cat({top, bottom}, -2)});
    return o.narrow(o.narrow(big, -2, 0, n), -1, n, n);
}

// as_strided(x, size, stride, offset): each gradient element is scatter-added into the element of x it
// read (ops/views.cpp's AsStridedBackward0, PyTorch's as_strided_backward: overlapping windows sum),
// the positions computed here from the constant geometry, so the graph holds two constant index
// tensors. As in eager, x must be contiguous; an explicit storage_offset counts from x's storage start,
// known (0) only for a fresh tensor, not for a graph input or a view, whose offset the type omits.
Grads as_strided_grad(Ctx& c) {
    Grads r = grads(c);
    if (!c.need(0)) return r;
    auto sizes = passes::constant_ints(c.arg("size")), strides = passes::constant_ints(c.arg("stride"));
    if (!sizes || !strides) c.unsupported("with a computed size or stride");
    auto t = passes::tensor_info(c.in(0));
    if (!t || t->strides != contiguous_strides(t->sizes)) c.unsupported("of a non-contiguous input (eager Kiln refuses it too)");
    int64_t off = 0;
    if (!passes::is_none_value(c.arg("storage_offset"))) {
        auto k = passes::constant_value(c.arg("storage_offset"));
        if (!k || !k->is_int()) c.unsupported("with a computed storage_offset");
        const Node* src = c.in(0)->node;
        const bool fresh = src && src->schema && !src->schema->returns.empty() &&
                           src->schema->returns[0].type_text.find("(a") == std::string::npos;
        if (!fresh) c.unsupported("with an explicit storage_offset into a graph input or a view (its own offset is unknown)");
        off = k->to_int();
    }
    const int64_t n_in = shape_numel(t->sizes), n_out = shape_numel(Shape(sizes->begin(), sizes->end()));
    std::vector<double> src, dst;
    std::vector<int64_t> idx(sizes->size(), 0);
    for (int64_t k = 0; k < n_out; ++k) {
        int64_t pos = off;
        for (size_t d = 0; d < sizes->size(); ++d) pos += idx[d] * (*strides)[d];
        if (pos >= 0 && pos < n_in) {
            src.push_back(double(k));
            dst.push_back(double(pos));
        }
        for (size_t d = sizes->size(); d-- > 0;) {
            if (++idx[d] < (*sizes)[d]) break;
            idx[d] = 0;
        }
    }
    auto index = [&](const std::vector<double>& v) {
        return c.b.constant(IValue(kiln::tensor(v, Shape{int64_t(v.size())}, DType::Int64)));
    };
    Value* gf = c.b.reshape(c.g(), {n_out});
    if (int64_t(src.size()) != n_out) gf = c.b.op("aten::index_select", {gf, int64_t(0), index(src)});
    Value* zeros = c.b.op("aten::zeros", {IValue::int_list({n_in}), graph::scalar_type_code(t->dtype), IValue(), IValue(t->device)});
    r[0] = c.b.reshape(c.b.op("aten::scatter_add", {zeros, int64_t(0), index(dst), gf}), t->sizes);
    return r;
}

// ---- backward ops (double backward: a graph whose forward already holds a backward op) ------------
// PyTorch's derivatives.yaml entries for the backward ops. Each is linear in its incoming gradient, so
// that input's gradient is the forward op (or its adjoint) applied to g; the forward inputs the op only
// reads for shapes or positions get none (derivatives.yaml: zeros_like).

// diagonal_backward places g on a diagonal: its adjoint reads the diagonal back.
Grads diagonal_backward_grad(Ctx& c) {
    Grads r = grads(c);
    if (c.need(0)) r[0] = c.b.op("aten::diagonal", {c.g(), c.arg("offset"), c.arg("dim1"), c.arg("dim2")});
    return r;
}

// nll_loss_backward: grad_output's gradient is nll_loss(g, target, weight, reduction, ignore_index)
// (the same total weight divides a 'mean'); self's is zero.
Grads nll_loss_backward_grad(Ctx& c) {
    Grads r = grads(c);
    if (c.need(0))
        r[0] = c.b.ops("aten::nll_loss_forward", {c.g(), c.arg("target"), c.arg("weight"), c.arg("reduction"), c.arg("ignore_index")})
                   .at(0);
    return r;
}

// embedding_dense_backward: grad_output's gradient gathers g's rows at the indices, 0 at padding_idx
// (embedding_dense_double_backward; like PyTorch's it does not rescale by frequency, which the first
// backward applied).
Grads embedding_dense_backward_grad(Ctx& c) {
    Grads r = grads(c);
    if (!c.need(0)) return r;
    Value* indices = c.arg("indices");
    Shape is = Builder::sizes_of(indices);
    Value* rows = c.b.op("aten::index_select", {c.g(), int64_t(0), c.b.reshape(indices, {shape_numel(is)})});
    const int64_t pad = const_dim(c, "padding_idx");
    if (pad >= 0)
        rows = c.b.op("aten::masked_fill.Scalar",
                      {rows, c.b.reshape(c.b.op("aten::eq.Scalar", {indices, pad}), {shape_numel(is), 1}), 0.0});
    Shape out = is;
    out.push_back(Builder::sizes_of(c.g()).back());
    r[0] = c.b.reshape(rows, out);
    return r;
}

// max_pool{2,3}d_with_indices_backward: grad_output's gradient is g read at each window's argmax
// (max_pool_double_backward: a gather over each plane's flattened positions); self's is zero.
Grads max_pool_backward_grad(Ctx& c, int nd) {
    Grads r = grads(c);
    if (!c.need(0)) return r;
    Value* indices = c.arg("indices");
    Shape is = Builder::sizes_of(indices), gs = Builder::sizes_of(c.g());
    Shape lead(is.begin(), is.end() - nd), glead(gs.begin(), gs.end() - nd);
    lead.push_back(-1);
    glead.push_back(-1);
    Value* picked = c.b.op("aten::gather", {c.b.reshape(c.g(), glead), int64_t(-1), c.b.reshape(indices, lead)});
    r[0] = c.b.reshape(picked, is);
    return r;
}

// avg_pool{2,3}d_backward: grad_output's gradient is the same average pooling of g.
Grads avg_pool_backward_grad(Ctx& c, int nd) {
    Grads r = grads(c);
    if (c.need(0))
        r[0] = c.b.op(nd == 2 ? "aten::avg_pool2d" : "aten::avg_pool3d",
                      {c.g(), c.arg("kernel_size"), c.arg("stride"), c.arg("padding"), c.arg("ceil_mode"),
                       c.arg("count_include_pad"), c.arg("divisor_override")});
    return r;
}

// _adaptive_avg_pool{2,3}d_backward: grad_output's gradient pools g to grad_output's size.
Grads adaptive_avg_pool_backward_grad(Ctx& c, int nd) {
    Grads r = grads(c);
    if (!c.need(0)) return r;
    Shape os = c.sizes(0);
    std::vector<int64_t> out(os.end() - nd, os.end());
    r[0] = c.b.op(nd == 2 ? "aten::adaptive_avg_pool2d" : "aten::adaptive_avg_pool3d", {c.g(), IValue::int_list(out)});
    return r;
}

// native_batch_norm_backward (gI, gG, gB from gO, x, gamma), given gradients ggI, ggG, ggB of its
// outputs: PyTorch's batchnorm_double_backward, term for term. The batch statistics are the saved ones
// (recomputed from x where none were passed, as the op's kernel does); like PyTorch's, the formula
// treats them as constants, x's dependence entering through x - mu.
Grads native_batch_norm_backward_grad(Ctx& c) {
    Grads r = grads(c);
    auto train_v = passes::constant_value(c.arg("train"));
    if (!train_v || !train_v->is_bool()) c.unsupported("with a computed train flag");
    const bool training = train_v->to_bool();
    const double eps = const_number(c, c.arg("eps"), "eps");
    auto mask = passes::constant_value(c.arg("output_mask"));
    auto wanted = [&](size_t i) {  // an output the mask left out is a 0-element tensor: no gradient
        return c.gout.at(i) && mask && mask->is_list() && mask->items().size() == 3 && mask->items()[i].to_bool();
    };
    Value *ggI = wanted(0) ? c.gout[0] : nullptr, *ggG = wanted(1) ? c.gout[1] : nullptr, *ggB = wanted(2) ? c.gout[2] : nullptr;
    Value *gO = c.in(0), *x = c.in(1), *gamma = c.arg("weight");
    const bool affine = !passes::is_none_value(gamma);
    const Shape xs = c.sizes(1);
    if (xs.size() < 2) c.unsupported("of an input without a channel dim");
    std::vector<int64_t> dims = {0};
    double M = double(xs[0]);
    for (size_t d = 2; d < xs.size(); ++d) {
        dims.push_back(int64_t(d));
        M *= double(xs[d]);
    }
    Shape dim1(xs.size(), 1);
    dim1[1] = xs[1];
    auto sum_ex1 = [&](Value* v, bool keep = true) { return c.b.op("aten::sum.dim_IntList", {v, IValue::int_list(dims), keep}); };
    auto as_dim1 = [&](Value* v) { return c.b.reshape(v, dim1); };
    Value *mu, *invstd;
    Value *save_mean = c.arg("save_mean"), *save_invstd = c.arg("save_invstd");
    if (training && !passes::is_none_value(save_mean) && !passes::is_none_value(save_invstd)) {
        mu = as_dim1(save_mean);
        invstd = as_dim1(save_invstd);
    } else if (training) {  // the kernel's own statistics: biased variance over all but dim 1
        mu = c.b.op("aten::div.Scalar", {sum_ex1(x), number(M)});
        Value* xc = c.b.sub(x, mu);
        invstd = c.b.op("aten::rsqrt", {c.b.add(c.b.op("aten::div.Scalar", {sum_ex1(c.b.mul(xc, xc)), number(M)}), eps)});
    } else {
        Value *rm = c.arg("running_mean"), *rv = c.arg("running_var");
        if (passes::is_none_value(rm) || passes::is_none_value(rv)) c.unsupported("in eval mode without running statistics");
        mu = as_dim1(rm);
        invstd = as_dim1(c.b.op("aten::rsqrt", {c.b.add(rv, eps)}));
    }
    Value* gamma_e = affine ? as_dim1(gamma) : nullptr;
    auto times_gamma = [&](Value* v) { return gamma_e ? c.b.mul(gamma_e, v) : v; };
    Value* x_mu = c.b.sub(x, mu);
    Value* s_1 = c.b.mul(invstd, invstd);    // sigma2_eps^-1
    Value* s_3_2 = c.b.mul(s_1, invstd);     // sigma2_eps^-3/2
    Value* x_mu_s_3_2 = c.b.mul(x_mu, s_3_2);
    Value* gO_xmu_sum = sum_ex1(c.b.mul(gO, x_mu));
    Value* gO_sum = sum_ex1(gO);
    auto divM = [&](Value* v) { return c.b.mul(v, 1.0 / M); };
    // the first backward's grad_input, for an incoming gradient g and a scale (gamma or 1)
    auto first_back = [&](Value* g, Value* scale) {
        Value* h0 = divM(scale ? c.b.mul(scale, invstd) : invstd);
        Value* h1 = c.b.sub(c.b.sub(c.b.mul(g, M), sum_ex1(g)), c.b.mul(c.b.mul(x_mu, s_1), sum_ex1(c.b.mul(g, x_mu))));
        return c.b.mul(h0, h1);
    };
    Value* gI = nullptr;
    if (ggI && training) {
        Value* ggI_sum = sum_ex1(ggI);
        Value* ggI_xmu_sum = sum_ex1(c.b.mul(ggI, x_mu));
        Value* all_sub = c.b.add(c.b.sub(divM(c.b.mul(ggI_sum, gO_sum)), sum_ex1(c.b.mul(gO, ggI))),
                                 c.b.mul(c.b.mul(c.b.mul(s_1, gO_xmu_sum), ggI_xmu_sum), 3.0 / M));
        Value* t0 = divM(c.b.mul(x_mu_s_3_2, all_sub));
        Value* t1 = c.b.mul(divM(c.b.mul(ggI_xmu_sum, s_3_2)), c.b.sub(divM(gO_sum), gO));
        Value* t2 = c.b.mul(divM(c.b.mul(gO_xmu_sum, s_3_2)), c.b.sub(divM(ggI_sum), ggI));
        gI = times_gamma(c.b.add(c.b.add(t0, t1), t2));
    }
    if (affine && ggG) {
        Value* ggG_e = as_dim1(ggG);
        Value* term;
        if (training) {
            Value* t0 = c.b.mul(gO, invstd);
            Value* t1 = c.b.mul(c.b.mul(invstd, gO_sum), -1.0 / M);
            Value* t2 = c.b.mul(c.b.mul(x_mu_s_3_2, gO_xmu_sum), -1.0 / M);
            term = c.b.mul(ggG_e, c.b.add(c.b.add(t0, t1), t2));
        } else {
            term = c.b.mul(c.b.mul(ggG_e, invstd), gO);
        }
        gI = gI ? c.b.add(gI, term) : term;
    }
    Value* gG = nullptr;
    if (affine && ggI)
        gG = sum_ex1(training ? c.b.mul(ggI, first_back(gO, nullptr)) : c.b.mul(c.b.mul(ggI, gO), invstd), false);
    Value* ggO = nullptr;
    if (ggI) ggO = training ? first_back(ggI, gamma_e) : times_gamma(c.b.mul(ggI, invstd));
    if (affine && ggG) {
        Value* term = c.b.mul(c.b.mul(as_dim1(ggG), x_mu), invstd);
        ggO = ggO ? c.b.add(ggO, term) : term;
    }
    if (affine && ggB) {
        Value* term = c.b.op("aten::expand", {as_dim1(ggB), IValue::int_list(xs)});
        ggO = ggO ? c.b.add(ggO, term) : term;
    }
    if (c.need(0)) r[0] = ggO;
    if (c.need(1)) r[1] = gI;
    if (c.need(2) && affine) r[2] = gG;
    return r;
}

// convolution_backward (gI, gW, gb from gO, I, W), given gradients ggI, ggW, ggb of its outputs
// (PyTorch's _convolution_double_backward): gO gets conv(ggI, W) + conv(I, ggW) + ggb; W gets the weight
// gradient of a convolution of ggI with output gradient gO; I gets the input gradient of a convolution
// with weight ggW and output gradient gO.
Grads convolution_backward_grad(Ctx& c) {
    Grads r = grads(c);
    auto transposed = passes::constant_value(c.arg("transposed"));
    if (!transposed || !transposed->is_bool() || transposed->to_bool()) c.unsupported("of a transposed convolution");
    auto out_pad = passes::constant_ints(c.arg("output_padding"));
    const size_t nd = c.sizes(2).size() - 2;
    if (nd != 2 && nd != 3) c.unsupported("of a convolution that is not 2-d or 3-d");
    Value *gO = c.in(0), *I = c.in(1), *W = c.in(2);
    Value *ggI = c.gout.at(0), *ggW = c.gout.at(1), *ggb = c.gout.size() > 2 ? c.gout.at(2) : nullptr;
    auto conv = [&](Value* x, Value* w) {
        return c.b.op(nd == 2 ? "aten::conv2d" : "aten::conv3d",
                      {x, w, IValue(), c.arg("stride"), c.arg("padding"), c.arg("dilation"), c.arg("groups")});
    };
    auto bwd = [&](Value* x, Value* w, size_t which) {
        IValue mask = IValue::list({IValue(which == 0), IValue(which == 1), IValue(false)});
        return c.b.ops("aten::convolution_backward", {gO, x, w, IValue(), c.arg("stride"), c.arg("padding"), c.arg("dilation"),
                                                      false, out_pad ? IValue::int_list(*out_pad) : IValue::int_list(std::vector<int64_t>(nd, 0)),
                                                      c.arg("groups"), mask})
            .at(which);
    };
    if (c.need(0)) {
        Value* acc = nullptr;
        auto add = [&](Value* v) { acc = acc ? c.b.add(acc, v) : v; };
        if (ggI) add(conv(ggI, W));
        if (ggW) add(conv(I, ggW));
        if (ggb) {
            Shape bs(c.sizes(0).size(), 1);
            bs[1] = Builder::sizes_of(ggb).at(0);
            Value* b = c.b.reshape(ggb, bs);
            acc = acc ? c.b.add(acc, b) : c.b.op("aten::expand", {b, IValue::int_list(c.sizes(0))});
        }
        r[0] = acc;
    }
    if (c.need(1) && ggW) r[1] = bwd(I, ggW, 0);
    if (c.need(2) && ggI) r[2] = bwd(ggI, W, 1);
    return r;
}

// x[start:end] along dim, placed back into zeros: cat(zeros like x[:start], g, zeros like x[end:]).
Value* place_slice(Ctx& c, Value* g, int64_t d, int64_t start, int64_t end) {
    const Shape x = c.sizes(0);
    std::vector<Value*> pieces;
    auto zeros = [&](int64_t from, int64_t to) {
        Value* part = c.b.op("aten::slice.Tensor", {c.in(0), d, from, to, int64_t(1)});
        pieces.push_back(c.b.op("aten::zeros_like", {part}));
    };
    if (start > 0) zeros(0, start);
    pieces.push_back(g);
    if (end < x[size_t(d)]) zeros(end, x[size_t(d)]);
    if (pieces.size() == 1) return g;
    Node* list = c.b.graph().insert("prim::ListConstruct", pieces, 1);
    list->output()->type = graph::list_type(graph::tensor_type());
    return c.b.op("aten::cat", {list->output(), d});
}

// A list of tensors as the gradient of a list value (cat's and stack's input): the prim::ListConstruct
// that built the list hands each item its piece.
Value* list_of(Ctx& c, const std::vector<Value*>& items) {
    Node* list = c.b.graph().insert("prim::ListConstruct", items, 1);
    list->output()->type = graph::list_type(graph::tensor_type());
    return list->output();
}

// cat(tensors, dim): each piece's gradient is its slice of g; stack: each is g.select(dim, i).
Grads cat_stack(Ctx& c, bool stack) {
    Grads r = grads(c);
    if (!c.need(0)) return r;
    const Node* list = c.in(0)->node;
    if (!list || list->kind != "prim::ListConstruct") c.unsupported("of a list that is not built in the graph");
    const int64_t d0 = const_dim(c, "dim");
    std::vector<Value*> items;
    int64_t off = 0;
    for (Value* item : list->inputs) {
        const Shape s = Builder::sizes_of(item);
        if (stack) {
            const int64_t d = wrap_dim(d0, int64_t(s.size()) + 1);
            items.push_back(c.b.op("aten::select.int", {c.g(), d, int64_t(items.size())}));
        } else {
            if (s.size() == 1 && s[0] == 0) {  // cat skips legacy empty (0,) pieces
                items.push_back(c.b.op("aten::zeros_like", {item}));
                continue;
            }
            const int64_t d = wrap_dim(d0, int64_t(s.size()));
            items.push_back(c.b.op("aten::slice.Tensor", {c.g(), d, off, off + s[size_t(d)], int64_t(1)}));
            off += s[size_t(d)];
        }
    }
    r[0] = list_of(c, items);
    return r;
}

// prim::ListConstruct of tensors whose gradient is a list built by cat_stack: item i gets entry i.
Grads list_construct(Ctx& c) {
    Grads r = grads(c);
    Value* g = c.g();
    if (!g || !g->node || g->node->kind != "prim::ListConstruct" || g->node->inputs.size() != c.n->inputs.size())
        c.unsupported("(a list whose gradient is not a list of its items' gradients)");
    for (size_t i = 0; i < c.n->inputs.size(); ++i)
        if (c.need(i)) r[i] = g->node->input(i);
    return r;
}

// x.select(dim, i): g placed at index i of dim, zeros elsewhere.
Grads select(Ctx& c) {
    Grads r = grads(c);
    if (!c.need(0)) return r;
    const Shape x = c.sizes(0);
    const int64_t d = wrap_dim(const_dim(c, "dim"), int64_t(x.size()));
    int64_t i = const_dim(c, "index");
    if (i < 0) i += x[size_t(d)];
    r[0] = place_slice(c, c.b.op("aten::unsqueeze", {c.g(), d}), d, i, i + 1);
    return r;
}

Grads narrow(Ctx& c) {
    Grads r = grads(c);
    if (!c.need(0)) return r;
    const Shape x = c.sizes(0);
    const int64_t d = wrap_dim(const_dim(c, "dim"), int64_t(x.size()));
    int64_t start = const_dim(c, "start");
    if (start < 0) start += x[size_t(d)];
    r[0] = place_slice(c, c.g(), d, start, start + const_dim(c, "length"));
    return r;
}

// index_select(x, dim, idx): scatter_add of g into zeros at the index, broadcast over the other dims.
Grads index_select(Ctx& c) {
    Grads r = grads(c);
    if (!c.need(0)) return r;
    const Shape gs = Builder::sizes_of(c.g());
    const int64_t d = wrap_dim(const_dim(c, "dim"), std::max<int64_t>(int64_t(gs.size()), 1));
    Shape is(gs.size(), 1);
    if (!gs.empty()) is[size_t(d)] = gs[size_t(d)];
    Value* idx = c.b.reshape(c.in(2), gs.empty() ? Shape{} : is);
    if (!gs.empty()) idx = c.b.op("aten::expand", {idx, IValue::int_list(std::vector<int64_t>(gs.begin(), gs.end()))});
    r[0] = c.b.op("aten::scatter_add", {c.b.op("aten::zeros_like", {c.in(0)}), d, idx, c.g()});
    return r;
}

// gather(x, dim, idx): scatter_add of g into zeros; scatter_add(x, dim, idx, src): g, and src's is
// g gathered at the index.
Grads gather(Ctx& c) {
    Grads r = grads(c);
    if (c.need(0)) r[0] = c.b.op("aten::scatter_add", {c.b.op("aten::zeros_like", {c.in(0)}), c.in(1), c.in(2), c.g()});
    return r;
}
Grads scatter_add(Ctx& c) {
    Grads r = grads(c);
    if (c.need(0)) r[0] = c.g();
    if (c.need(3)) {
        if (c.sizes(2) != c.sizes(3)) c.unsupported("with an index smaller than src");
        r[3] = c.b.op("aten::gather", {c.g(), c.in(1), c.in(2)});
    }
    return r;
}
// scatter: self's gradient is zero where it was written over; src's is read back from there.
Grads scatter_src(Ctx& c) {
    Grads r = grads(c);
    if (c.need(0)) r[0] = c.b.op("aten::scatter.value", {c.g(), c.in(1), c.in(2), 0.0});
    if (c.need(3)) {
        if (c.sizes(2) != c.sizes(3)) c.unsupported("with an index smaller than src");
        r[3] = c.b.op("aten::gather", {c.g(), c.in(1), c.in(2)});
    }
    return r;
}
Grads scatter_value(Ctx& c) {
    Grads r = grads(c);
    if (c.need(0)) r[0] = c.b.op("aten::scatter.value", {c.g(), c.in(1), c.in(2), 0.0});
    return r;
}

// index_copy(x, dim, idx, src) (derivatives.yaml): x's gradient is g with the copied slices zeroed
// (index_fill(dim, idx, 0), written as an index_copy of zeros), src's is g's slices at idx.
Grads index_copy(Ctx& c) {
    Grads r = grads(c);
    const Shape xs = c.sizes(0), ss = c.sizes(3);
    const int64_t d = wrap_dim(const_dim(c, "dim"), std::max<int64_t>(int64_t(xs.size()), 1));
    if (c.need(0)) r[0] = c.b.op("aten::index_copy", {c.g(), d, c.in(2), c.b.op("aten::zeros_like", {c.in(3)})});
    if (c.need(3)) {
        Value* sel = xs.empty() ? c.g() : c.b.op("aten::index_select", {c.g(), d, c.in(2)});
        r[3] = Builder::sizes_of(sel) == ss ? sel : c.b.reshape(sel, ss);
    }
    return r;
}

// Advanced indexing (aten::index.Tensor, aten::index_put): PyTorch's index_backward and index_put's
// formulas. The backward reads the index tensors through a list of its own (the forward's list stays
// in the forward graph; the partitioner saves the tensors, never a list).
Value* index_list(Ctx& c, Value* list) {
    KILN_CHECK(list->node && list->node->kind == "prim::ListConstruct", NotImplementedError,
               "AOT autograd: no backward formula for ", c.n->schema->qualified(), " with a computed list of indices");
    Node* l = c.b.graph().insert("prim::ListConstruct", list->node->inputs, 1);
    l->output()->type = list->type;
    return l->output();
}
// index(x, indices): the gradient is g accumulated into zeros at the indexed positions.
Grads index_tensor(Ctx& c) {
    Grads r = grads(c);
    if (c.need(0))
        r[0] = c.b.op("aten::index_put", {c.b.op("aten::zeros_like", {c.in(0)}), index_list(c, c.in(1)), c.g(), IValue(true)});
    return r;
}
// index_put(x, indices, v, accumulate): x's gradient is g (zeroed where v overwrote it, without
// accumulate); v's is g read back at the indices, summed to v's shape where it broadcast.
Grads index_put(Ctx& c) {
    Grads r = grads(c);
    auto acc = passes::constant_value(c.in(3));
    if (!acc || !acc->is_bool()) c.unsupported("when accumulate is not a constant");
    const bool accumulate = acc->to_bool();
    if (c.need(0))
        r[0] = accumulate ? c.g()
                          : c.b.op("aten::index_put", {c.g(), index_list(c, c.in(1)), c.b.op("aten::zeros_like", {c.in(2)}),
                                                       IValue(false)});
    if (!c.need(2)) return r;
    // A bool mask selects a data-dependent number of elements, so v's gradient is not read back with
    // index(): g minus g with the assigned positions zeroed holds g exactly there (sum_to folds it).
    bool mask = false;
    for (const Value* e : c.in(1)->node->inputs) {
        auto t = passes::tensor_info(e);
        mask = mask || (t && t->dtype == DType::Bool);
    }
    if (mask) {
        Value* kept = c.b.op("aten::index_put", {c.g(), index_list(c, c.in(1)), c.b.op("aten::zeros_like", {c.in(2)}), IValue(false)});
        r[2] = c.b.sum_to(c.b.sub(c.g(), kept), c.sizes(2));
    } else {
        r[2] = c.b.sum_to(c.b.op("aten::index.Tensor", {c.g(), index_list(c, c.in(1))}), c.sizes(2));
    }
    return r;
}

// slice_scatter / select_scatter (functionalized writes through views): self's gradient is g with
// the written view zeroed, src's is g's view. The view arguments pass through as they are.
Grads view_scatter(Ctx& c, const char* scatter, const char* view) {
    Grads r = grads(c);
    std::vector<Arg> rest;  // (constants: the backward graph must not read the forward's values)
    for (size_t i = 2; i < c.n->inputs.size(); ++i) {
        auto k = passes::constant_value(c.in(i));
        if (!k) c.unsupported("with computed view arguments");
        rest.push_back(*k);
    }
    if (c.need(0)) {
        std::vector<Arg> a = {c.g(), c.b.op("aten::zeros_like", {c.in(1)})};
        a.insert(a.end(), rest.begin(), rest.end());
        r[0] = c.b.op(scatter, a);
    }
    if (c.need(1)) {
        std::vector<Arg> a = {c.g()};
        a.insert(a.end(), rest.begin(), rest.end());
        r[1] = c.b.op(view, a);
    }
    return r;
}

// einsum: operand i's gradient is the einsum of g with the other operands into i's subscripts (the
// contraction PyTorch's decomposition into permute/reshape/bmm differentiates to); a label only
// operand i carries (summed within it) comes back by expanding. Ellipses, a label repeated within
// one operand (a diagonal) and broadcast size-1 dims are refused: the graph falls back, saying so.
Grads einsum(Ctx& c) {
    Grads r = grads(c);
    if (!c.need(1)) return r;
    auto eq = passes::constant_value(c.in(0));
    if (!eq || !eq->is_string()) c.unsupported("with a computed equation");
    const Node* list = c.in(1)->node;
    if (!list || list->kind != "prim::ListConstruct") c.unsupported("of a list that is not built in the graph");
    std::string e;
    for (char ch : eq->to_string())
        if (ch != ' ') e += ch;
    if (e.find('.') != std::string::npos) c.unsupported("with an ellipsis");
    const size_t arrow = e.find("->");
    std::vector<std::string> terms;
    {
        const std::string lhs = e.substr(0, arrow);
        size_t start = 0;
        for (size_t k = 0; k <= lhs.size(); ++k)
            if (k == lhs.size() || lhs[k] == ',') {
                terms.push_back(lhs.substr(start, k - start));
                start = k + 1;
            }
    }
    std::map<char, int> count;
    std::map<char, int64_t> size;
    if (terms.size() != list->inputs.size()) c.unsupported("whose equation does not match its operands");
    for (size_t i = 0; i < terms.size(); ++i) {
        const Shape s = Builder::sizes_of(list->inputs[i]);
        if (s.size() != terms[i].size()) c.unsupported("whose equation does not match its operands");
        for (size_t k = 0; k < terms[i].size(); ++k) {
            const char l = terms[i][k];
            if (terms[i].find(l) != k) c.unsupported("with a label repeated within an operand");
            if (size.count(l) && size[l] != s[k]) c.unsupported("with a broadcast dimension");
            size[l] = s[k];
            ++count[l];
        }
    }
    std::string out;
    if (arrow != std::string::npos) out = e.substr(arrow + 2);
    else
        for (const auto& [l, n] : count)  // implicit output: the labels used once, alphabetically
            if (n == 1) out += l;
    std::vector<Value*> items;
    for (size_t i = 0; i < terms.size(); ++i) {
        std::string avail = out, sub_eq = out;
        std::vector<Value*> operands = {c.g()};
        for (size_t j = 0; j < terms.size(); ++j)
            if (j != i) {
                sub_eq += "," + terms[j];
                avail += terms[j];
                operands.push_back(list->inputs[j]);
            }
        std::string target;
        for (char l : terms[i])
            if (avail.find(l) != std::string::npos) target += l;
        Value* ops = list_of(c, operands);
        Value* gi = c.b.op("aten::einsum", {IValue(sub_eq + "->" + target), ops});
        if (target != terms[i]) {  // labels summed inside operand i only: g is constant along them
            for (size_t k = 0; k < terms[i].size(); ++k)
                if (avail.find(terms[i][k]) == std::string::npos) gi = c.b.op("aten::unsqueeze", {gi, int64_t(k)});
            const Shape s = Builder::sizes_of(list->inputs[i]);
            gi = c.b.op("aten::expand", {gi, IValue::int_list(std::vector<int64_t>(s.begin(), s.end()))});
        }
        items.push_back(gi);
    }
    r[1] = list_of(c, items);
    return r;
}

// clamp.Tensor: ClampBackward0's masks (clamp_tensors in ops/tensor_extra.h): x's gradient where
// min <= x <= max, min's where x < min (and min < max), max's where x > max (or max < min).
Grads clamp_tensor(Ctx& c) {
    Grads r = grads(c);
    const bool lo = !passes::is_none_value(c.in(1)), hi = !passes::is_none_value(c.in(2));
    Value *x = c.in(0), *g = c.g();
    auto keep = [&](Value* mask, size_t i) { return c.b.sum_to(c.b.op("aten::where.ScalarOther", {mask, g, 0.0}), c.sizes(i)); };
    auto cmp = [&](const char* op, Value* a, Value* b) { return c.b.op(op, {a, b}); };
    if (c.need(0)) {
        Value* in_range = nullptr;
        if (lo) in_range = cmp("aten::ge.Tensor", x, c.in(1));
        if (hi) {
            Value* le = cmp("aten::le.Tensor", x, c.in(2));
            in_range = in_range ? cmp("aten::logical_and", in_range, le) : le;
        }
        r[0] = keep(in_range, 0);
    }
    if (lo && c.need(1)) {
        Value* m = cmp("aten::lt.Tensor", x, c.in(1));
        if (hi) m = cmp("aten::logical_and", m, cmp("aten::lt.Tensor", c.in(1), c.in(2)));
        r[1] = keep(m, 1);
    }
    if (hi && c.need(2)) {
        Value* m = cmp("aten::gt.Tensor", x, c.in(2));
        if (lo) m = cmp("aten::logical_or", m, cmp("aten::lt.Tensor", c.in(2), c.in(1)));
        r[2] = keep(m, 2);
    }
    return r;
}

// _fft_c2c (derivatives.yaml): the transform of g in the opposite direction, in the same normalization
// mode (the adjoint of a scaled DFT matrix is the conjugate DFT with the same scale).
Grads fft_c2c_grad(Ctx& c) {
    Grads r = grads(c);
    if (!c.need(0)) return r;
    auto dims = passes::constant_ints(c.arg("dim"));
    auto norm = passes::constant_value(c.arg("normalization"));
    auto forward = passes::constant_value(c.arg("forward"));
    if (!dims || !norm || !forward) c.unsupported("with computed dims or modes");
    r[0] = c.b.op("aten::_fft_c2c", {c.g(), IValue::int_list(*dims), *norm, IValue(!forward->to_bool())});
    return r;
}

// flip: g flipped back; repeat: the tiles' gradients summed (g viewed as [r0, s0, r1, s1, ...]).
Grads flip(Ctx& c) {
    Grads r = grads(c);
    if (!c.need(0)) return r;
    auto dims = passes::constant_ints(c.arg("dims"));  // a constant (the backward graph must not read a forward list)
    if (!dims) c.unsupported("with computed dims");
    r[0] = c.b.op("aten::flip", {c.g(), IValue::int_list(*dims)});
    return r;
}
Grads repeat(Ctx& c) {
    Grads r = grads(c);
    if (!c.need(0)) return r;
    auto reps = passes::constant_ints(c.arg("repeats"));
    if (!reps) c.unsupported("with computed repeats");
    const Shape in = c.sizes(0);
    Shape padded(reps->size() - in.size(), 1);
    padded.insert(padded.end(), in.begin(), in.end());
    std::vector<int64_t> pairs, tiles;
    for (size_t i = 0; i < reps->size(); ++i) {
        tiles.push_back(int64_t(pairs.size()));
        pairs.push_back((*reps)[i]);
        pairs.push_back(padded[i]);
    }
    Value* g = c.b.op("aten::sum.dim_IntList", {c.b.reshape(c.g(), pairs), IValue::int_list(tiles), false});
    r[0] = c.b.reshape(g, in);
    return r;
}

// Views whose gradient is the inverse view.
Grads movedim(Ctx& c) {
    Grads r = grads(c);
    if (c.need(0)) r[0] = c.b.op("aten::movedim.int", {c.g(), const_dim(c, "destination"), const_dim(c, "source")});
    return r;
}
Grads roll(Ctx& c) {
    Grads r = grads(c);
    if (!c.need(0)) return r;
    auto shifts = passes::constant_ints(c.arg("shifts"));
    if (!shifts) c.unsupported("with computed shifts");
    for (int64_t& s : *shifts) s = -s;
    r[0] = c.b.op("aten::roll", {c.g(), IValue::int_list(*shifts), const_ints(c, "dims")});
    return r;
}
Grads tri(Ctx& c, const char* op) {
    Grads r = grads(c);
    if (c.need(0)) r[0] = c.b.op(op, {c.g(), const_dim(c, "diagonal")});
    return r;
}

// addcmul(self, t1, t2, value) = self + value t1 t2; addcdiv = self + value t1 / t2;
// lerp(self, end, w) = self + w (end - self).
Grads ternary(Ctx& c, const std::string& which) {
    Grads r = grads(c);
    Value* g = c.g();
    if (which == "lerp") {
        const double w = const_number(c, c.in(2), "the weight");
        if (c.need(0)) r[0] = c.b.sum_to(c.b.mul(g, 1.0 - w), c.sizes(0));
        if (c.need(1)) r[1] = c.b.sum_to(c.b.mul(g, w), c.sizes(1));
        return r;
    }
    const double v = c.scalar("value", 1.0);
    Value *t1 = c.in(1), *t2 = c.in(2);
    if (c.need(0)) r[0] = c.b.sum_to(g, c.sizes(0));
    if (which == "addcmul") {
        if (c.need(1)) r[1] = c.b.sum_to(c.b.mul(c.b.mul(g, t2), v), c.sizes(1));
        if (c.need(2)) r[2] = c.b.sum_to(c.b.mul(c.b.mul(g, t1), v), c.sizes(2));
    } else {
        if (c.need(1)) r[1] = c.b.sum_to(c.b.mul(c.b.div(g, t2), v), c.sizes(1));
        if (c.need(2)) r[2] = c.b.sum_to(c.b.mul(c.b.div(c.b.mul(g, t1), c.b.mul(t2, t2)), -v), c.sizes(2));
    }
    return r;
}

// sort / topk / median.dim (values, indices): each value's gradient goes back to where it came from.
Grads values_indices(Ctx& c) {
    Grads r = grads(c);
    if (!c.need(0) || !c.g()) return r;
    const int64_t nd = int64_t(c.sizes(0).size());
    if (nd == 0) {
        r[0] = c.g();
        return r;
    }
    const int64_t d = wrap_dim(const_dim(c, "dim"), nd);
    Value* g = c.g();
    Value* idx = c.n->output(1);
    auto keep = c.arg("keepdim") ? passes::constant_value(c.arg("keepdim")) : std::nullopt;
    if (keep && keep->is_bool() && !keep->to_bool()) {
        g = c.b.op("aten::unsqueeze", {g, d});
        idx = c.b.op("aten::unsqueeze", {idx, d});
    }
    r[0] = c.b.op("aten::scatter_add", {c.b.op("aten::zeros_like", {c.in(0)}), d, idx, g});
    return r;
}

// repeat_interleave(x, repeats, dim): each element's repeats summed back: g viewed with the
// repeats as their own dim after `dim` (the flattened input when dim is None), summed over it.
Grads repeat_interleave(Ctx& c) {
    Grads r = grads(c);
    if (!c.need(0)) return r;
    if (!passes::is_none_value(c.arg("output_size"))) c.unsupported("with output_size");
    const int64_t reps = const_dim(c, "repeats");
    const Shape xs = c.sizes(0);
    auto dim = passes::constant_value(c.arg("dim"));
    if (!dim) c.unsupported("with a computed dim");
    Shape split;
    int64_t d;
    if (dim->is_none()) {
        split = {shape_numel(xs), reps};
        d = 1;
    } else {
        const int64_t w = wrap_dim(dim->to_int(), std::max<int64_t>(int64_t(xs.size()), 1));
        split = xs.empty() ? Shape{1} : xs;
        split.insert(split.begin() + w + 1, reps);
        d = w + 1;
    }
    Value* g = c.b.reshape(c.g(), split);
    r[0] = c.b.reshape(c.b.op("aten::sum.dim_IntList", {g, IValue::int_list({d})}), xs);
    return r;
}

// repeat(x, reps): the tiles summed back (RepeatBackward0): g viewed as (r0, s0, r1, s1, ...) over x's
// sizes padded with leading 1s, summed over the rep dims, viewed as x.
// softplus: where(beta x > threshold, g, g * sigmoid(beta x)) (pointwise.cpp's SoftplusBackward0).
Grads softplus(Ctx& c) {
    using namespace sym;
    Grads r = grads(c);
    if (!c.need(0)) return r;
    const Scalar beta = const_scalar(c, "beta"), threshold = const_scalar(c, "threshold");
    V g = S(c, c.g());
    V bx = mul(S(c, c.in(0)), beta);
    r[0] = where(gt(bx, threshold), g, mul(g, sigmoid(bx))).v;
    return r;
}


Value* dropout_identity(Ctx& c) {
    auto train = passes::constant_value(c.arg("train"));
    double p = const_number(c, c.arg("p"), "p");
    if (!train || (train->to_bool() && p != 0)) c.unsupported("in training mode with p > 0");
    return c.g();
}

std::unordered_map<std::string, Formula> make_table() {
    std::unordered_map<std::string, Formula> t = {
        {"aten::add.Tensor", [](Ctx& c) { return add_sub(c, 1); }},
        {"aten::add.Scalar", [](Ctx& c) { return add_sub(c, 1); }},
        {"aten::sub.Tensor", [](Ctx& c) { return add_sub(c, -1); }},
        {"aten::sub.Scalar", [](Ctx& c) { return add_sub(c, -1); }},
        {"aten::rsub.Scalar", unary([](Ctx& c) { return c.b.mul(c.g(), -c.scalar("alpha", 1)); })},
        {"aten::mul.Tensor", mul},
        {"aten::view_as_real", view_as_real_grad},
        {"aten::view_as_complex", view_as_complex_grad},
        {"aten::real", [](Ctx& c) { return complex_part_grad(c, false); }},
        {"aten::imag", [](Ctx& c) { return complex_part_grad(c, true); }},
        {"aten::complex", complex_grad},
        {"aten::polar", polar_grad},
        {"aten::conj", unary([](Ctx& c) { return c.b.op("aten::conj_physical", {c.g()}); })},
        {"aten::conj_physical", unary([](Ctx& c) { return c.b.op("aten::conj_physical", {c.g()}); })},
        {"aten::mul.Scalar", mul},
        {"aten::div.Tensor", div},
        {"aten::div.Scalar", div},
        {"aten::leaky_relu", unary([](Ctx& c) {
             double slope = c.scalar("negative_slope", 0.01);
             return c.b.op("aten::where.self",
                           {c.b.op("aten::gt.Scalar", {c.in(0), int64_t(0)}), c.g(), c.b.mul(c.g(), slope)});
         })},
        // erf: g 2/sqrt(pi) exp(-x^2).
        // gelu (exact): g (Phi(x) + x phi(x)), Phi(x) = (1 + erf(x/sqrt 2))/2, phi(x) = exp(-x^2/2)/sqrt(2 pi).
        // gelu (tanh): with t = tanh(b (x + k x^3)), b = sqrt(2/pi), k = 0.044715, PyTorch's
        // GeluBackward: g (0.5 (1 + t) + 0.5 x (1 - t^2) b (1 + 3 k x^2)).
        {"aten::gelu", unary([](Ctx& c) {
             auto mode = passes::constant_value(c.arg("approximate"));
             if (!mode || !mode->is_string() || (mode->to_string() != "none" && mode->to_string() != "tanh"))
                 c.unsupported("when approximate is not a constant 'none' or 'tanh'");
             Value* x = c.in(0);
             if (mode->to_string() == "tanh") {
                 const double beta = M_SQRT2 * M_2_SQRTPI * 0.5, kappa = 0.044715;
                 Value* x2 = c.b.mul(x, x);
                 Value* t = c.b.op("aten::tanh", {c.b.mul(c.b.add(x, c.b.mul(c.b.mul(x2, x), kappa)), beta)});
                 Value* left = c.b.mul(c.b.add(t, 1.0), 0.5);
                 Value* sech2 = c.b.op("aten::rsub.Scalar", {c.b.mul(t, t), int64_t(1)});
                 Value* right = c.b.mul(c.b.mul(c.b.mul(x, 0.5), sech2), c.b.mul(c.b.add(c.b.mul(x2, 3 * kappa), 1.0), beta));
                 return c.b.mul(c.g(), c.b.add(left, right));
             }
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
        // ---- trig and special functions: the unary rows come from pointwise.def (make_table); these
        // are the ones whose row is CUSTOM or that are not rows ----
        // torch.special's native ops: ops/special_fns_grad.h's formulas, the eager grad_fns' own.
        {"aten::special_i0e", unary([](Ctx& c) { return special_grad::i0e(S(c, c.g()), S(c, c.in(0)), S(c, c.y())).v; })},
        {"aten::special_i1e", unary([](Ctx& c) {
             auto t = passes::tensor_info(c.in(0));
             const double eps = special_grad::i1e_eps(t ? t->dtype : DType::Float32);
             return special_grad::i1e(S(c, c.g()), S(c, c.in(0)), S(c, c.y()), eps).v;
         })},
        {"aten::special_ndtri", unary([](Ctx& c) { return special_grad::ndtri(S(c, c.g()), S(c, c.y())).v; })},
        {"aten::special_log_ndtr", unary([](Ctx& c) { return special_grad::log_ndtr(S(c, c.g()), S(c, c.in(0)), S(c, c.y())).v; })},
        {"aten::special_erfcx", unary([](Ctx& c) { return special_grad::erfcx(S(c, c.g()), S(c, c.in(0)), S(c, c.y())).v; })},
        // special_ndtr is ATen's composite (1 + erf(x / sqrt 2)) / 2: eager autograd differentiates
        // those ops, so the chain here is theirs in their order (MulBackward1's 0.5, ErfBackward0's
        // 2/sqrt(pi) exp(-u^2) at u = x / sqrt 2, MulBackward0's 1/sqrt 2).
        {"aten::special_ndtr", unary([](Ctx& c) {
             using namespace sym;
             V u = mul(S(c, c.in(0)), Scalar(0.70710678118654752440));
             V gu = mul(mul(S(c, c.g()), Scalar(0.5)), mul(exp(neg(mul(u, u))), Scalar(1.12837916709551257390)));
             return mul(gu, Scalar(0.70710678118654752440)).v;
         })},
        // polygamma(n, x): g polygamma(n + 1, x).
        {"aten::polygamma", [](Ctx& c) {
             Grads r = grads(c);
             const int64_t n = int64_t(const_number(c, c.in(0), "n"));
             if (c.need(1)) r[1] = c.b.mul(c.g(), c.b.op("aten::polygamma", {IValue(n + 1), c.in(1)}));
             return r;
         }},
        // logit: g / (x (1 - x)) inside [eps, 1 - eps] (0 outside); without eps NaN outside [0, 1].
        {"aten::logit", unary([](Ctx& c) {
             auto e = passes::constant_value(c.arg("eps"));
             if (e && !e->is_none() && !e->is_number()) c.unsupported("when eps is not a constant");
             const bool has = e && e->is_number();
             const double eps = has ? e->to_double() : -1.0, lo = has ? eps : 0.0, hi = has ? 1.0 - eps : 1.0;
             Value* x = c.in(0);
             Value* d = c.b.div(c.g(), c.b.mul(x, c.b.op("aten::rsub.Scalar", {x, int64_t(1)})));
             Value* out = c.b.op("aten::logical_or", {c.b.op("aten::lt.Scalar", {x, lo}), c.b.op("aten::gt.Scalar", {x, hi})});
             return c.b.op("aten::where.ScalarSelf", {out, has ? 0.0 : std::nan(""), d});
         })},
        // nan_to_num: g where x is finite, else 0.
        {"aten::nan_to_num", unary([](Ctx& c) {
             Value* finite = c.b.op("aten::lt.Scalar", {c.b.op("aten::abs", {c.in(0)}), HUGE_VAL});
             return c.b.op("aten::where.ScalarOther", {finite, c.g(), 0.0});
         })},
        // hypot: (a da + b db) / y.
        {"aten::hypot", [](Ctx& c) {
             Grads r = grads(c);
             Value* q = c.b.div(c.g(), c.y());
             if (c.need(0)) r[0] = c.b.sum_to(c.b.mul(q, c.in(0)), c.sizes(0));
             if (c.need(1)) r[1] = c.b.sum_to(c.b.mul(q, c.in(1)), c.sizes(1));
             return r;
         }},
        {"aten::fmax", [](Ctx& c) { return fextremum(c, "aten::ge.Tensor"); }},
        {"aten::fmin", [](Ctx& c) { return fextremum(c, "aten::le.Tensor"); }},
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
        {"aten::conv2d", [](Ctx& c) { return conv(c, 2); }},
        {"aten::_convolution", conv_transposed},
        {"aten::conv3d", [](Ctx& c) { return conv(c, 3); }},
        {"aten::max_pool2d", [](Ctx& c) { return max_pool(c, 2); }},
        {"aten::max_pool3d", [](Ctx& c) { return max_pool(c, 3); }},
        {"aten::avg_pool2d", [](Ctx& c) { return avg_pool(c, 2); }},
        {"aten::avg_pool3d", [](Ctx& c) { return avg_pool(c, 3); }},
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
        {"aten::lift_fresh", unary([](Ctx& c) { return c.g(); })},
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
        // Dropout in eval mode or with p = 0 is the identity (training dropout is decomposed first).
        {"aten::dropout", unary(dropout_identity)},
        {"aten::feature_dropout", unary(dropout_identity)},
        {"aten::alpha_dropout", unary(dropout_identity)},
        {"aten::feature_alpha_dropout", unary(dropout_identity)},
        // x[start:end] along dim (step 1): the gradient sits where the slice was, zeros around it:
        // cat(zeros like x[:start], g, zeros like x[end:]); another step scatters g into zeros.
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
             const int64_t step = int64_t(const_number(c, c.arg("step"), "step"));
             const int64_t start = bound("start", 0), end = std::max(start, bound("end", x[size_t(d)]));
             if (step != 1) {
                 // x[start:end:step] (rotary embeddings' x[..., ::2] / x[..., 1::2]): ATen's
                 // slice_backward, zeros of x's shape with g scattered into the same slice.
                 Value* zero = c.b.op("aten::zeros_like", {c.in(0)});
                 return c.b.op("aten::slice_scatter", {zero, c.g(), d, start, end, step});
             }
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
        {"aten::split.sizes", unary([](Ctx& c) { return c.g(); })},
        {"aten::split_with_sizes", unary([](Ctx& c) { return c.g(); })},
        {"aten::chunk", unary([](Ctx& c) { return c.g(); })},
        {"aten::unbind.int", unary([](Ctx& c) { return c.g(); })},
        // ---- pointwise rows written out (pointwise.def says CUSTOM) and binary ops ----
        {"aten::softplus", softplus},
        {"aten::clamp", [](Ctx& c) { return clamp(c, opt_number(c, "min"), opt_number(c, "max")); }},
        {"aten::clamp_min", [](Ctx& c) { return clamp(c, opt_number(c, "min"), std::nullopt); }},
        {"aten::clamp_max", [](Ctx& c) { return clamp(c, std::nullopt, opt_number(c, "max")); }},
        {"aten::hardtanh", [](Ctx& c) { return clamp(c, opt_number(c, "min_val"), opt_number(c, "max_val")); }},
        {"aten::relu6", [](Ctx& c) { return clamp(c, 0.0, 6.0); }},
        {"aten::rsub.Tensor", [](Ctx& c) {  // other - alpha self
             Grads r = grads(c);
             double alpha = c.scalar("alpha", 1.0);
             if (c.need(0)) r[0] = c.b.sum_to(c.b.mul(c.g(), -alpha), c.sizes(0));
             if (c.need(1)) r[1] = c.b.sum_to(c.g(), c.sizes(1));
             return r;
         }},
        {"aten::maximum", [](Ctx& c) { return binary_pointwise(c, "maximum"); }},
        {"aten::max.other", [](Ctx& c) { return binary_pointwise(c, "maximum"); }},
        {"aten::minimum", [](Ctx& c) { return binary_pointwise(c, "minimum"); }},
        {"aten::min.other", [](Ctx& c) { return binary_pointwise(c, "minimum"); }},
        {"aten::atan2", [](Ctx& c) { return binary_pointwise(c, "atan2"); }},
        {"aten::remainder.Tensor", [](Ctx& c) { return binary_pointwise(c, "remainder"); }},
        {"aten::fmod.Tensor", [](Ctx& c) { return binary_pointwise(c, "fmod"); }},
        {"aten::remainder.Scalar", unary([](Ctx& c) { return c.g(); })},
        {"aten::fmod.Scalar", unary([](Ctx& c) { return c.g(); })},
        {"aten::pow.Tensor_Tensor", [](Ctx& c) { return binary_pointwise(c, "pow"); }},
        // pow(base, e) with a number base: g * y * log(base) (0 for base 0 where e >= 0).
        {"aten::pow.Scalar", [](Ctx& c) {
             Grads r = grads(c);
             if (!c.need(1)) return r;
             using namespace sym;
             const double base = const_number(c, c.in(0), "the base");
             V g = S(c, c.g()), y = S(c, c.y()), e = S(c, c.in(1));
             r[1] = base == 0.0 ? where(ge(e, Scalar(0)), zeros_like(g), mul(g, mul(y, Scalar(std::log(0.0))))).v
                                : mul(g, mul(y, Scalar(std::log(base)))).v;
             return r;
         }},
        // Rounded quotients are piecewise constant: zero gradients (DivBackward2).
        {"aten::div.Tensor_mode", [](Ctx& c) {
             Grads r = grads(c);
             for (size_t i = 0; i < 2; ++i)
                 if (c.need(i)) r[i] = c.b.op("aten::zeros_like", {c.in(i)});
             return r;
         }},
        {"aten::div.Scalar_mode", unary([](Ctx& c) { return c.b.op("aten::zeros_like", {c.in(0)}); })},
        {"aten::where.self", where_self},
        {"aten::where.ScalarSelf", [](Ctx& c) {
             Grads r = grads(c);
             if (c.need(2)) r[2] = c.b.sum_to(sym::where(S(c, c.in(0)), Scalar(0), S(c, c.g())).v, c.sizes(2));
             return r;
         }},
        {"aten::where.ScalarOther", [](Ctx& c) {
             Grads r = grads(c);
             if (c.need(1)) r[1] = c.b.sum_to(sym::where(S(c, c.in(0)), S(c, c.g()), Scalar(0)).v, c.sizes(1));
             return r;
         }},
        {"aten::masked_fill.Scalar", masked_fill_formula},
        // ---- reductions ----
        {"aten::amax", extremum_reduction},
        {"aten::amin", extremum_reduction},
        {"aten::max", extremum_reduction},
        {"aten::min", extremum_reduction},
        {"aten::max.dim", extremum_dim},
        {"aten::min.dim", extremum_dim},
        {"aten::logsumexp", logsumexp},
        {"aten::var", [](Ctx& c) { return var_std(c, false); }},
        {"aten::var.dim", [](Ctx& c) { return var_std(c, false); }},
        {"aten::var.correction", [](Ctx& c) { return var_std(c, false); }},
        {"aten::std", [](Ctx& c) { return var_std(c, true); }},
        {"aten::std.dim", [](Ctx& c) { return var_std(c, true); }},
        {"aten::std.correction", [](Ctx& c) { return var_std(c, true); }},
        {"aten::norm.Scalar", norm2},
        {"aten::norm.ScalarOpt_dim", norm2},
        {"aten::linalg_vector_norm", norm2},
        {"aten::prod", prod},
        {"aten::prod.dim_int", prod},
        {"aten::cumsum", cumsum},
        {"aten::cumprod", cumprod},
        {"aten::diagonal", diagonal},
        {"aten::diag", diag},
        {"aten::trace", trace},
        {"aten::dot", [](Ctx& c) { return small_products(c, "dot"); }},
        {"aten::mv", [](Ctx& c) { return small_products(c, "mv"); }},
        {"aten::outer", [](Ctx& c) { return small_products(c, "outer"); }},
        {"aten::baddbmm", [](Ctx& c) { return small_products(c, "baddbmm"); }},
        // ---- nn ----
        {"aten::nll_loss_forward", nll_loss_forward},
        {"aten::binary_cross_entropy_with_logits", bce_with_logits},
        {"aten::binary_cross_entropy", bce},
        {"aten::embedding", embedding},
        {"aten::embedding_bag", embedding_bag},
        {"aten::_ctc_loss", ctc_loss_raw},
        {"aten::as_strided", as_strided_grad},
        {"aten::diagonal_backward", diagonal_backward_grad},
        {"aten::nll_loss_backward", nll_loss_backward_grad},
        {"aten::embedding_dense_backward", embedding_dense_backward_grad},
        {"aten::max_pool2d_with_indices_backward", [](Ctx& c) { return max_pool_backward_grad(c, 2); }},
        {"aten::max_pool3d_with_indices_backward", [](Ctx& c) { return max_pool_backward_grad(c, 3); }},
        {"aten::avg_pool2d_backward", [](Ctx& c) { return avg_pool_backward_grad(c, 2); }},
        {"aten::avg_pool3d_backward", [](Ctx& c) { return avg_pool_backward_grad(c, 3); }},
        {"aten::_adaptive_avg_pool2d_backward", [](Ctx& c) { return adaptive_avg_pool_backward_grad(c, 2); }},
        {"aten::_adaptive_avg_pool3d_backward", [](Ctx& c) { return adaptive_avg_pool_backward_grad(c, 3); }},
        {"aten::convolution_backward", convolution_backward_grad},
        {"aten::native_batch_norm_backward", native_batch_norm_backward_grad},
        {"aten::linalg_inv", unary(linalg_inv_grad)},
        {"aten::linalg_det", unary(linalg_det_grad)},
        {"aten::linalg_slogdet", linalg_slogdet_grad},
        {"aten::slogdet", linalg_slogdet_grad},  // torch.slogdet: linalg_slogdet's spelling (two outputs)
        {"aten::linalg_solve", linalg_solve_grad},
        {"aten::linalg_cholesky", unary(linalg_cholesky_grad)},
        {"aten::linalg_eigh", linalg_eigh_grad},
        {"aten::linalg_svd", linalg_svd_grad},
        {"aten::linalg_qr", linalg_qr_grad},
        {"aten::linalg_matrix_exp", unary(linalg_matrix_exp_grad)},
        {"aten::embedding_bag.padding_idx", embedding_bag},
        {"aten::adaptive_avg_pool2d", [](Ctx& c) { return adaptive_avg_pool(c, 2); }},
        {"aten::adaptive_avg_pool3d", [](Ctx& c) { return adaptive_avg_pool(c, 3); }},
        {"aten::max_pool2d_with_indices", [](Ctx& c) { return pool_with_indices(c, false); }},
        {"aten::max_pool3d_with_indices", [](Ctx& c) { return pool_with_indices(c, false, 3); }},
        {"aten::adaptive_max_pool2d", [](Ctx& c) { return pool_with_indices(c, true); }},
        // ---- shapes, joins, indexing, casts ----
        {"aten::view_as", unary(same_shape)},
        {"aten::reshape_as", unary(same_shape)},
        {"aten::unflatten.int", unary(same_shape)},
        {"aten::squeeze.dims", unary(same_shape)},
        {"aten::expand_as", unary([](Ctx& c) { return c.b.sum_to(c.g(), c.sizes(0)); })},
        {"aten::broadcast_to", unary([](Ctx& c) { return c.b.sum_to(c.g(), c.sizes(0)); })},
        {"aten::movedim.int", movedim},
        // movedim(source, destination)'s inverse moves the dims back: movedim(destination, source)
        {"aten::movedim.intlist", unary([](Ctx& c) {
             return c.b.op("aten::movedim.intlist", {c.g(), const_ints(c, "destination"), const_ints(c, "source")});
         })},
        {"aten::roll", roll},
        {"aten::tril", [](Ctx& c) { return tri(c, "aten::tril"); }},
        {"aten::triu", [](Ctx& c) { return tri(c, "aten::triu"); }},
        {"aten::select.int", select},
        {"aten::narrow", narrow},
        {"aten::cat", [](Ctx& c) { return cat_stack(c, false); }},
        {"aten::stack", [](Ctx& c) { return cat_stack(c, true); }},
        {"aten::index_select", index_select},
        {"aten::index_copy", index_copy},
        {"aten::index.Tensor", index_tensor},
        {"aten::flip", flip},
        {"aten::_fft_c2c", fft_c2c_grad},
        {"aten::clamp.Tensor", clamp_tensor},
        {"aten::einsum", einsum},
        {"aten::slice_scatter", [](Ctx& c) { return view_scatter(c, "aten::slice_scatter", "aten::slice.Tensor"); }},
        {"aten::select_scatter", [](Ctx& c) { return view_scatter(c, "aten::select_scatter", "aten::select.int"); }},
        {"aten::repeat", repeat},
        {"aten::index_put", index_put},
        {"aten::gather", gather},
        {"aten::scatter_add", scatter_add},
        {"aten::scatter.src", scatter_src},
        {"aten::scatter.value", scatter_value},
        {"aten::to.dtype", cast},
        {"aten::to.dtype_layout", cast},
        {"aten::to.other", cast},
        {"aten::to.device", cast},
        {"aten::to.prim_Device", cast},
        {"aten::to.prim_dtype", cast},
        {"aten::_to_copy", cast},
        {"aten::type_as", cast},
        {"aten::numpy_T", unary([](Ctx& c) {  // x.T reverses the dims: so does its gradient
             std::vector<int64_t> dims;
             for (int64_t d = int64_t(c.sizes(0).size()) - 1; d >= 0; --d) dims.push_back(d);
             return c.b.op("aten::permute", {c.g(), IValue::int_list(dims)});
         })},
        {"aten::addcmul", [](Ctx& c) { return ternary(c, "addcmul"); }},
        {"aten::addcdiv", [](Ctx& c) { return ternary(c, "addcdiv"); }},
        {"aten::lerp.Scalar", [](Ctx& c) { return ternary(c, "lerp"); }},
        {"aten::masked_fill.Tensor", [](Ctx& c) {  // the 0-dim value gets the filled positions' gradient
             Grads r = masked_fill_formula(c);
             if (c.need(2))
                 r[2] = c.b.op("aten::sum", {sym::where(S(c, c.in(1)), S(c, c.g()), Scalar(0)).v});
             return r;
         }},
        {"aten::sort", values_indices},
        {"aten::sort.stable", values_indices},
        {"aten::topk", values_indices},
        {"aten::median.dim", values_indices},
        // median() shares its gradient among the elements equal to it, as max() (PyTorch's
        // evenly_distribute_backward).
        {"aten::median", extremum_reduction},
        {"aten::repeat_interleave.self_int", repeat_interleave},
        // The functional forms of zero_/fill_/copy_: self's old values are overwritten (no
        // gradient); fill's 0-dim value gets the sum of g, copy's src g summed back to its shape.
        {"aten::zero", [](Ctx& c) { return grads(c); }},
        {"aten::fill.Scalar", [](Ctx& c) { return grads(c); }},
        {"aten::fill.Tensor", [](Ctx& c) {
             Grads r = grads(c);
             if (c.need(1)) r[1] = c.b.op("aten::sum", {c.g()});
             return r;
         }},
        {"aten::copy", [](Ctx& c) {
             Grads r = grads(c);
             if (!c.need(1)) return r;
             Value* g = c.b.sum_to(c.g(), c.sizes(1));
             auto st = passes::tensor_info(c.in(1)), gt = passes::tensor_info(g);
             if (st && gt && st->dtype != gt->dtype) g = c.b.op("aten::to.dtype", {g, graph::scalar_type_code(st->dtype)});
             r[1] = g;
             return r;
         }},
    };
    // The unary rows of ops/pointwise.def with a backward expression: the expression itself.
    for (const sym::UnaryRow& row : sym::unary_rows()) {
        const std::string name = std::string("aten::") + row.name;
        if (std::string(row.backward_text) == "CUSTOM" || !graph::find_schema(name)) continue;
        t[name] = def_row(row.backward);
    }
    return t;
}

const std::unordered_map<std::string, Formula>& table() {
    static const std::unordered_map<std::string, Formula> t = make_table();
    return t;
}

// Ops returning a list of views that prim::ListUnpack takes apart: the pieces' gradients are put
// back together (cat along dim; stack for unbind), zeros for a piece without one.
bool splits(const Node* n) {
    static const std::unordered_set<std::string> ops = {"aten::split.Tensor", "aten::split.sizes", "aten::split_with_sizes",
                                                        "aten::chunk", "aten::unbind.int"};
    return n && n->schema && ops.count(n->schema->qualified());
}

Grads list_unpack(Ctx& c) {
    Grads r = grads(c);
    const Node* split = c.in(0)->node;
    const int di = split->schema->arg_index("dim");
    auto dim = passes::constant_value(split->input(size_t(di)));
    if (!dim || !dim->is_int()) c.unsupported("of a split along a computed dim");
    std::vector<Value*> pieces;
    for (size_t i = 0; i < c.n->outputs.size(); ++i)
        pieces.push_back(c.gout[i] ? c.gout[i] : c.b.op("aten::zeros_like", {c.n->output(i)}));
    Node* list = c.b.graph().insert("prim::ListConstruct", pieces, 1);
    list->output()->type = graph::list_type(graph::tensor_type());
    const bool unbind = split->schema->qualified() == "aten::unbind.int";
    r[0] = c.b.op(unbind ? "aten::stack" : "aten::cat", {list->output(), dim->to_int()});
    return r;
}

}  // namespace

bool has_formula(const Node* n) {
    if (n->kind == "prim::ListUnpack") return splits(n->input(0)->node);
    if (n->kind == "prim::ListConstruct") return true;
    return n->schema && table().count(n->schema->qualified());
}

// Whether a node reads or writes a complex tensor.
bool touches_complex(const Node* n) {
    for (const Value* v : n->inputs)
        if (complex_value(v)) return true;
    for (const Value* v : n->outputs)
        if (complex_value(v)) return true;
    return false;
}

// The formulas that hold for complex operands: the complex ones written with conjugates (mul, the
// complex views and constructors), and the linear ones whose gradient is the incoming gradient moved
// or summed (add, sub, neg, views, copies). Any other formula reached with a complex
// operand would silently give the real-valued derivative, so it is refused instead.
const std::set<std::string>& complex_ready() {
    static const std::set<std::string> s = {
        "aten::mul.Tensor", "aten::view_as_real", "aten::view_as_complex", "aten::real", "aten::imag",
        "aten::complex", "aten::polar", "aten::conj", "aten::conj_physical", "aten::add.Tensor", "aten::sub.Tensor",
        "aten::neg", "aten::view", "aten::reshape", "aten::_unsafe_view",
        "aten::flatten.using_ints", "aten::permute", "aten::transpose.int", "aten::t", "aten::expand", "aten::clone",
        "aten::contiguous", "aten::unsqueeze", "aten::squeeze.dim", "aten::select.int", "aten::slice.Tensor",
        "aten::alias", "aten::sum", "aten::sum.dim_IntList"};
    return s;
}

std::vector<Value*> differentiate(Builder& b, const Node* n, const std::vector<Value*>& grad_outputs,
                                  const std::vector<bool>& needs) {
    Ctx c{b, n, grad_outputs, needs};
    if (n->kind == "prim::ListUnpack") {
        if (!has_formula(n)) c.unsupported("(a list unpacked from something other than split, chunk or unbind)");
        return list_unpack(c);
    }
    if (n->kind == "prim::ListConstruct") return list_construct(c);
    if (n->schema && touches_complex(n) && !complex_ready().count(n->schema->qualified()))
        c.unsupported("(complex operands: its formula is written for real values -- PyTorch's conjugate Wirtinger "
                      "form is not -- so eager autograd differentiates the graph)");
    auto it = n->schema ? table().find(n->schema->qualified()) : table().end();
    if (it == table().end()) {
        std::string why = n->schema ? gap_reason(n->schema->qualified()) : std::string();
        if (why.empty() && n->schema && is_composite(n->schema->qualified()))
            why = "a call its decomposition does not take: computed arguments, or a form the eager op refuses";
        c.unsupported("(" + (why.empty() ? "not differentiable" : why) + ")");
    }
    return it->second(c);
}

// ---- composite ops ----------------------------------------------------------------------------
// PyTorch's CompositeImplicitAutograd ops have no formula of their own: autograd sees the ops they
// are made of. Kiln's eager composites (ops/loss.cpp's cross_entropy and l1_loss,
// nn_extra.cpp's group_norm and conv1d, normalization.cpp's dropout) are rebuilt here from the same
// ops in the same order, so compiled gradients round as eager ones do.
namespace {

using Decomposition = kiln::Function<Value*(Builder&, const Node*)>;

Value* arg_of(const Node* n, const char* name) {
    const int i = n->schema->arg_index(name);
    return i < 0 ? nullptr : n->input(size_t(i));
}
std::optional<IValue> const_arg(const Node* n, const char* name) { return passes::constant_value(arg_of(n, name)); }

// Reduction codes: 0 none, 1 mean, 2 sum.
Value* reduce(Builder& b, Value* loss, int64_t red) {
    if (red == 1) return b.op("aten::mean", {loss});
    if (red == 2) return b.op("aten::sum", {loss});
    return loss;
}

// cross_entropy = log_softmax + nll_loss (+ the label smoothing term), or, for class-probability
// targets, -sum(log_softmax * target) (ops/loss.cpp's cross_entropy, step for step).
Value* cross_entropy(Builder& b, const Node* n) {
    auto red_v = const_arg(n, "reduction"), ignore_v = const_arg(n, "ignore_index"), ls_v = const_arg(n, "label_smoothing");
    if (!red_v || !ignore_v || !ls_v) return nullptr;
    const int64_t red = red_v->to_int(), ignore_index = ignore_v->to_int();
    const double ls = ls_v->to_double();
    Value *x = n->input(0), *target = n->input(1), *weight = arg_of(n, "weight");
    const bool has_w = !passes::is_none_value(weight);
    const Shape xs = Builder::sizes_of(x);
    const int64_t class_dim = xs.size() == 1 ? 0 : 1;
    const int64_t C = xs.at(size_t(class_dim));
    Shape ws(xs.size(), 1);
    ws[size_t(class_dim)] = C;
    Value* lsm = b.op("aten::log_softmax.int", {x, class_dim});
    auto tt = passes::tensor_info(target);
    if (!tt) return nullptr;
    if (dtype_is_floating(tt->dtype)) {
        Value* t = ls > 0 ? b.op("aten::add.Scalar", {b.op("aten::mul.Scalar", {target, 1 - ls}), ls / double(C)}) : target;
        Value* prod = b.mul(lsm, t);
        if (has_w) prod = b.mul(prod, b.op("aten::view", {weight, IValue::int_list(ws)}));
        if (red == 1) {
            const int64_t cnt = xs.size() == 1 ? 1 : shape_numel(xs) / C;
            return b.op("aten::div.Scalar", {b.op("aten::neg", {b.op("aten::sum", {prod})}), double(cnt)});
        }
        if (red == 2) return b.op("aten::neg", {b.op("aten::sum", {prod})});
        return b.op("aten::neg", {b.op("aten::sum.dim_IntList", {prod, IValue::int_list({class_dim})})});
    }
    Value* nll = b.ops("aten::nll_loss_forward", {lsm, target, weight, red, ignore_index}).at(0);
    if (ls <= 0) return nll;
    Value* ignore_mask = b.op("aten::eq.Scalar", {target, ignore_index});
    Value* smooth = b.op("aten::neg", {b.op("aten::sum.dim_IntList",
                                            {has_w ? b.mul(lsm, b.op("aten::view", {weight, IValue::int_list(ws)})) : lsm,
                                             IValue::int_list({class_dim})})});
    smooth = b.op("aten::masked_fill.Scalar", {smooth, ignore_mask, 0.0});
    Value* ret = smooth;
    if (red == 1) {
        Value* den;
        if (has_w) {
            // sum(weight[target]) over the kept targets (eager selects them; zeros add nothing here).
            Value* safe = b.op("aten::where.ScalarSelf", {ignore_mask, int64_t(0), target});
            Value* wt = b.op("aten::index_select", {weight, int64_t(0), b.reshape(safe, {-1})});
            Value* kept = b.op("aten::logical_not", {b.reshape(ignore_mask, {-1})});
            den = b.op("aten::sum", {b.op("aten::where.ScalarOther", {kept, wt, 0.0})});
        } else {
            den = b.op("aten::sum", {b.op("aten::logical_not", {ignore_mask})});
        }
        ret = b.div(b.op("aten::sum", {smooth}), den);
    } else if (red == 2) {
        ret = b.op("aten::sum", {smooth});
    }
    return b.add(b.op("aten::mul.Scalar", {nll, 1 - ls}), b.op("aten::mul.Scalar", {ret, ls / double(C)}));
}

Value* nll_loss(Builder& b, const Node* n) {
    return b.ops("aten::nll_loss_forward", {n->input(0), n->input(1), n->input(2), n->input(3), n->input(4)}).at(0);
}

Value* l1_loss(Builder& b, const Node* n) {
    auto red = const_arg(n, "reduction");
    if (!red || !red->is_int()) return nullptr;
    return reduce(b, b.op("aten::abs", {b.sub(n->input(0), n->input(1))}), red->to_int());
}

// smooth_l1_loss, huber_loss: ops/loss.cpp's compositions.
Value* smooth_l1_or_huber(Builder& b, const Node* n, bool huber) {
    auto red = const_arg(n, "reduction"), k = const_arg(n, huber ? "delta" : "beta");
    if (!red || !red->is_int() || !k || !k->is_number()) return nullptr;
    const double beta = k->to_double();
    if (!huber && beta == 0.0) return reduce(b, b.op("aten::abs", {b.sub(n->input(0), n->input(1))}), red->to_int());
    Value* z = b.op("aten::abs", {b.sub(n->input(0), n->input(1))});
    Value* below = b.op("aten::lt.Scalar", {z, beta});
    Value* loss = huber ? b.op("aten::where.self", {below, b.op("aten::mul.Scalar", {b.mul(z, z), 0.5}),
                                                    b.op("aten::mul.Scalar", {b.op("aten::sub.Scalar", {z, 0.5 * beta}), beta})})
                        : b.op("aten::where.self", {below, b.op("aten::div.Scalar", {b.op("aten::mul.Scalar", {b.mul(z, z), 0.5}), beta}),
                                                    b.op("aten::sub.Scalar", {z, 0.5 * beta})});
    return reduce(b, loss, red->to_int());
}

// kl_div: ops/loss.cpp's composition (exp(t) (t - x) for a log-target, else
// where(t == 0, 0, t log t) - t x), then the reduction.
Value* kl_div(Builder& b, const Node* n) {
    auto red = const_arg(n, "reduction"), log_target = const_arg(n, "log_target");
    if (!red || !red->is_int() || !log_target || !log_target->is_bool()) return nullptr;
    Value *x = n->input(0), *t = n->input(1);
    Value* loss;
    if (log_target->to_bool()) {
        loss = b.mul(b.op("aten::exp", {t}), b.sub(t, x));
    } else {
        Value* tlogt = b.op("aten::where.self", {b.op("aten::eq.Scalar", {t, 0.0}), b.op("aten::zeros_like", {t}),
                                                 b.mul(t, b.op("aten::log", {t}))});
        loss = b.sub(tlogt, b.mul(t, x));
    }
    return reduce(b, loss, red->to_int());
}

Value* group_norm(Builder& b, const Node* n) {
    auto groups = const_arg(n, "num_groups");
    auto eps = const_arg(n, "eps");
    if (!groups || !groups->is_int() || !eps || !eps->is_number()) return nullptr;
    Value *x = n->input(0), *w = arg_of(n, "weight"), *bias = arg_of(n, "bias");
    const Shape xs = Builder::sizes_of(x);
    if (xs.size() < 2) return nullptr;
    Value* g = b.op("aten::reshape", {x, IValue::int_list({xs[0], groups->to_int(), -1})});
    Value* mu = b.op("aten::mean.dim", {g, IValue::int_list({2}), true});
    Value* var = b.op("aten::var.correction", {g, IValue::int_list({2}), IValue(int64_t(0)), true});
    Value* y = b.op("aten::view", {b.mul(b.sub(g, mu), b.op("aten::rsqrt", {b.add(var, eps->to_double())})),
                                   IValue::int_list(std::vector<int64_t>(xs.begin(), xs.end()))});
    Shape ws(xs.size(), 1);
    ws[1] = xs[1];
    if (!passes::is_none_value(w)) y = b.mul(y, b.op("aten::view", {w, IValue::int_list(ws)}));
    if (!passes::is_none_value(bias)) y = b.add(y, b.op("aten::view", {bias, IValue::int_list(ws)}));
    return y;
}

// conv1d = conv2d over a height-1 image (nn_extra.cpp's conv1d).
Value* conv1d(Builder& b, const Node* n) {
    auto one = [&](const char* name) -> std::optional<int64_t> {
        auto v = passes::constant_ints(arg_of(n, name));
        if (!v || v->size() != 1) return std::nullopt;
        return (*v)[0];
    };
    auto stride = one("stride"), padding = one("padding"), dilation = one("dilation");
    auto groups = const_arg(n, "groups");
    if (!stride || !padding || !dilation || !groups || !groups->is_int()) return nullptr;
    Value* x = b.op("aten::unsqueeze", {n->input(0), int64_t(-2)});
    Value* w = b.op("aten::unsqueeze", {n->input(1), int64_t(-2)});
    Value* out = b.op("aten::conv2d", {x, w, n->input(2), IValue::int_list({1, *stride}), IValue::int_list({0, *padding}),
                                       IValue::int_list({1, *dilation}), groups->to_int()});
    return b.op("aten::squeeze.dim", {out, int64_t(-2)});
}

// aten::_convolution (what torch.jit.trace records for a convolution): the non-transposed call is
// conv1d/conv2d/conv3d by the weight's rank, whose formulas apply; the cuDNN flags change nothing.
Value* convolution_call(Builder& b, const Node* n) {
    auto transposed = const_arg(n, "transposed"), groups = const_arg(n, "groups");
    auto stride = passes::constant_ints(arg_of(n, "stride")), padding = passes::constant_ints(arg_of(n, "padding")),
         dilation = passes::constant_ints(arg_of(n, "dilation"));
    if (!transposed || !transposed->is_bool() || transposed->to_bool() || !groups || !groups->is_int() || !stride ||
        !padding || !dilation)
        return nullptr;
    const size_t spatial = Builder::sizes_of(n->input(1)).size() - 2;
    if (spatial < 1 || spatial > 3 || stride->size() != spatial || padding->size() != spatial || dilation->size() != spatial)
        return nullptr;
    if (spatial == 1) {  // as the conv1d composite: a conv2d over a height of 1
        Value* x = b.op("aten::unsqueeze", {n->input(0), int64_t(-2)});
        Value* w = b.op("aten::unsqueeze", {n->input(1), int64_t(-2)});
        Value* out = b.op("aten::conv2d", {x, w, n->input(2), IValue::int_list({1, (*stride)[0]}),
                                           IValue::int_list({0, (*padding)[0]}), IValue::int_list({1, (*dilation)[0]}),
                                           groups->to_int()});
        return b.op("aten::squeeze.dim", {out, int64_t(-2)});
    }
    return b.op(spatial == 2 ? "aten::conv2d" : "aten::conv3d",
                {n->input(0), n->input(1), n->input(2), IValue::int_list(*stride), IValue::int_list(*padding),
                 IValue::int_list(*dilation), groups->to_int()});
}

// aten::_convolution_mode (what torch.jit.trace records for padding='same' / 'valid'): the op table
// kernel's steps: 'valid' is padding 0; 'same' pads dilation * (k - 1) in total per dim, total / 2 on
// each side, and an odd unit on the right first through constant_pad_nd (ATen's _convolution_mode).
Value* convolution_mode(Builder& b, const Node* n) {
    auto mode = const_arg(n, "padding"), groups = const_arg(n, "groups");
    auto stride = passes::constant_ints(arg_of(n, "stride")), dilation = passes::constant_ints(arg_of(n, "dilation"));
    if (!mode || !mode->is_string() || !groups || !groups->is_int() || !stride || !dilation) return nullptr;
    const Shape ws = Builder::sizes_of(n->input(1));
    const size_t spatial = ws.size() - 2;
    if (spatial < 1 || spatial > 3 || stride->size() != spatial || dilation->size() != spatial) return nullptr;
    const std::string m = mode->to_string();
    if (m != "same" && m != "valid") return nullptr;  // the kernel raises PyTorch's error
    Value* x = n->input(0);
    std::vector<int64_t> pd(spatial, 0);
    if (m == "same") {
        for (int64_t s : *stride)
            if (s != 1) return nullptr;  // "padding='same' is not supported for strided convolutions"
        std::vector<int64_t> extra;  // F.pad order, last dim first
        bool asymmetric = false;
        for (size_t d = spatial; d-- > 0;) {
            const int64_t total = (*dilation)[d] * (ws[2 + d] - 1);
            pd[d] = total / 2;
            extra.push_back(0);
            extra.push_back(total - 2 * pd[d]);
            asymmetric = asymmetric || total % 2;
        }
        if (asymmetric) x = b.op("aten::constant_pad_nd", {x, IValue::int_list(extra), 0.0});
    }
    const char* conv = spatial == 1 ? "aten::conv1d" : spatial == 2 ? "aten::conv2d" : "aten::conv3d";
    return b.op(conv, {x, n->input(1), n->input(2), IValue::int_list(*stride), IValue::int_list(pd), IValue::int_list(*dilation),
                       groups->to_int()});
}

// Training dropout: the mask is drawn in the forward graph (bernoulli, the draws eager dropout
// makes, from the same generator) and saved for the backward like any forward value; it is never
// recomputed (random ops are neither recomputable for the partitioner nor merged by CSE).
Value* dropout(Builder& b, const Node* n) {
    // aten::dropout, feature_dropout (a draw per (batch, channel), broadcast over the rest),
    // alpha_dropout and feature_alpha_dropout: ops/normalization.cpp's dropout_variant, op for op.
    const std::string op = n->schema->qualified();
    const bool feature = op == "aten::feature_dropout" || op == "aten::feature_alpha_dropout";
    const bool alpha = op == "aten::alpha_dropout" || op == "aten::feature_alpha_dropout";
    auto p = const_arg(n, "p"), train = const_arg(n, "train");
    if (!p || !p->is_number() || !train || !train->is_bool()) return nullptr;
    const double pv = p->to_double();
    Value* x = n->input(0);
    const Shape xs = Builder::sizes_of(x);
    if (!train->to_bool() || shape_numel(xs) == 0 || (feature && xs.size() < 2)) return nullptr;  // eager's checks
    if (pv == 0.0) return nullptr;  // the identity: the formula table's dropout_identity
    if (pv == 1.0) return b.op("aten::mul.Scalar", {x, 0.0});
    Value* shaped = x;
    if (feature) {
        auto t = passes::tensor_info(x);
        if (!t) return nullptr;
        Shape s(xs.size(), 1);
        s[0] = xs[0];
        s[1] = xs[1];
        shaped = b.op("aten::full", {IValue::int_list(std::vector<int64_t>(s.begin(), s.end())), 0.0,
                                     graph::scalar_type_code(t->dtype), IValue(), IValue(t->device)});
    }
    Value* noise = b.op("aten::bernoulli.p", {shaped, 1.0 - pv});
    if (!alpha) return b.mul(x, b.op("aten::div.Scalar", {noise, 1.0 - pv}));
    constexpr double kAlpha = 1.7580993408473766;
    const double a = 1.0 / std::sqrt((kAlpha * kAlpha * pv + 1) * (1 - pv));
    Value* shift = b.op("aten::add.Scalar", {b.op("aten::mul.Scalar", {b.op("aten::add.Scalar", {noise, -1.0}), kAlpha * a}),
                                             kAlpha * a * pv});
    return b.add(b.mul(x, b.op("aten::mul.Scalar", {noise, a})), shift);
}

// hstack / vstack: cat over atleast_1d / atleast_2d views (ops/join.cpp).
Value* hvstack(Builder& b, const Node* n, bool vertical) {
    const Node* list = n->input(0)->node;
    if (!list || list->kind != "prim::ListConstruct" || list->inputs.empty()) return nullptr;
    std::vector<Value*> items;
    for (Value* t : list->inputs) {
        const Shape s = Builder::sizes_of(t);
        if (s.empty()) items.push_back(b.reshape(t, vertical ? Shape{1, 1} : Shape{1}));
        else if (vertical && s.size() == 1) items.push_back(b.reshape(t, {1, s[0]}));
        else items.push_back(t);
    }
    const int64_t dim = vertical ? 0 : (Builder::sizes_of(items[0]).size() == 1 ? 0 : 1);
    Node* l = b.graph().insert("prim::ListConstruct", items, 1);
    l->output()->type = graph::list_type(graph::tensor_type());
    return b.op("aten::cat", {l->output(), dim});
}

// Activations composed of ops (ops/nn_extra.cpp), rebuilt from the same ops.
Value* elu_like(Builder& b, Value* x, double alpha) {
    return b.op("aten::where.self", {b.op("aten::gt.Scalar", {x, 0.0}), x,
                                     b.op("aten::mul.Scalar", {b.op("aten::sub.Scalar", {b.op("aten::exp", {x}), 1.0}), alpha})});
}
Value* clamp06(Builder& b, Value* x) { return b.op("aten::clamp", {b.op("aten::add.Scalar", {x, 3.0}), 0.0, 6.0}); }
Value* activation(Builder& b, const Node* n, const std::string& which) {
    Value* x = n->input(0);
    if (which == "elu") {
        auto alpha = const_arg(n, "alpha"), scale = const_arg(n, "scale"), in_scale = const_arg(n, "input_scale");
        if (!alpha || !alpha->is_number() || !scale || !in_scale || scale->to_double() != 1 || in_scale->to_double() != 1)
            return nullptr;
        return elu_like(b, x, alpha->to_double());
    }
    if (which == "selu")
        return b.op("aten::mul.Scalar", {elu_like(b, x, 1.6732632423543772848170429916717), 1.0507009873554804934193349852946});
    if (which == "mish") return b.mul(x, b.op("aten::tanh", {b.op("aten::softplus", {x})}));
    if (which == "log_sigmoid") return b.op("aten::neg", {b.op("aten::softplus", {b.op("aten::neg", {x})})});
    if (which == "hardsigmoid") return b.op("aten::div.Scalar", {clamp06(b, x), 6.0});
    if (which == "hardswish") return b.op("aten::div.Scalar", {b.mul(x, clamp06(b, x)), 6.0});
    // threshold
    auto th = const_arg(n, "threshold"), value = const_arg(n, "value");
    if (!th || !th->is_number() || !value || !value->is_number()) return nullptr;
    return b.op("aten::where.ScalarOther", {b.op("aten::gt.Scalar", {x, *th}), x, *value});
}

// constant_pad_nd: ops/nn_extra.cpp's narrows (negative pads) and concatenations of full blocks.
Value* constant_pad(Builder& b, const Node* n) {
    auto pad = passes::constant_ints(arg_of(n, "pad"));
    auto value = const_arg(n, "value");
    auto t = passes::tensor_info(n->input(0));
    if (!pad || !value || !value->is_number() || !t || pad->size() % 2 || pad->size() > 2 * t->sizes.size()) return nullptr;
    Value* x = n->input(0);
    for (size_t i = 0; i < pad->size() / 2; ++i) {
        Shape s = Builder::sizes_of(x);
        const int64_t d = int64_t(s.size()) - 1 - int64_t(i), lo = (*pad)[2 * i], hi = (*pad)[2 * i + 1];
        if (lo < 0) x = b.op("aten::narrow", {x, d, -lo, s[size_t(d)] + lo});
        s = Builder::sizes_of(x);
        if (hi < 0) x = b.op("aten::narrow", {x, d, int64_t(0), s[size_t(d)] + hi});
        std::vector<Value*> parts;
        auto block = [&](int64_t len) {
            Shape bs = Builder::sizes_of(x);
            bs[size_t(d)] = len;
            return b.op("aten::full", {IValue::int_list(bs), *value, graph::scalar_type_code(t->dtype), IValue(),
                                       IValue(t->device)});
        };
        if (lo > 0) parts.push_back(block(lo));
        parts.push_back(x);
        if (hi > 0) parts.push_back(block(hi));
        if (parts.size() > 1) {
            Node* l = b.graph().insert("prim::ListConstruct", parts, 1);
            l->output()->type = graph::list_type(graph::tensor_type());
            x = b.op("aten::cat", {l->output(), d});
        }
    }
    return x;
}

// reflection_padNd / replication_padNd / pad (circular): the eager op's index_select per padded dim
// (ops/nn_extra.cpp), each index a constant of the graph, so the gradient is index_select's
// scatter-add into the sources, which sums them as ATen's pad backward kernels do.
Value* pad_by_index(Builder& b, const Node* n, std::string mode) {
    const bool aten_pad = n->schema->qualified() == "aten::pad";
    auto pad = passes::constant_ints(arg_of(n, aten_pad ? "pad" : "padding"));
    if (aten_pad) {
        auto m = const_arg(n, "mode");
        if (!m || !m->is_string() || m->to_string() == "constant") return nullptr;
        mode = m->to_string();
    }
    auto t = passes::tensor_info(n->input(0));
    if (!pad || !t) return nullptr;
    pad_check(b.example(n->input(0)).to_tensor(), *pad, mode);
    Value* x = n->input(0);
    for (size_t i = 0; i < pad->size() / 2; ++i) {
        Shape s = Builder::sizes_of(x);
        const int64_t d = int64_t(s.size()) - 1 - int64_t(i);
        std::vector<int64_t> idx = pad_source_index(mode, s[size_t(d)], (*pad)[2 * i], (*pad)[2 * i + 1]);
        std::vector<double> vals(idx.begin(), idx.end());
        Value* index = b.constant(IValue(kiln::tensor(vals, Shape{int64_t(idx.size())}, DType::Int64)));
        x = b.op("aten::index_select", {x, d, index});
    }
    return x;
}

// take_along_dim: gather after expanding both to their broadcast shape (every dim but `dim`), or
// of both flattened without a dim (ops/index.cpp).
Value* take_along_dim(Builder& b, const Node* n) {
    Value *x = n->input(0), *idx = n->input(1);
    auto dim = const_arg(n, "dim");
    if (!dim) return nullptr;
    Shape xs = Builder::sizes_of(x), is = Builder::sizes_of(idx);
    if (dim->is_none()) {
        int64_t nx = 1, ni = 1;
        for (int64_t v : xs) nx *= v;
        for (int64_t v : is) ni *= v;
        return b.op("aten::gather", {b.reshape(x, {nx}), int64_t(0), b.reshape(idx, {ni})});
    }
    if (!dim->is_int() || xs.size() != is.size()) return nullptr;
    const int64_t d = wrap_dim(dim->to_int(), int64_t(xs.size()));
    Shape bx = xs, bi = is;
    bx[size_t(d)] = 1;
    bi[size_t(d)] = 1;
    Shape common = broadcast_shapes(bx, bi);
    bx = common;
    bi = common;
    bx[size_t(d)] = xs[size_t(d)];
    bi[size_t(d)] = is[size_t(d)];
    if (bx != xs) x = b.op("aten::expand", {x, IValue::int_list(std::vector<int64_t>(bx.begin(), bx.end()))});
    if (bi != is) idx = b.op("aten::expand", {idx, IValue::int_list(std::vector<int64_t>(bi.begin(), bi.end()))});
    return b.op("aten::gather", {x, d, idx});
}

// broadcast_tensors: a list of expands to the common shape (its prim::ListUnpack then hands out
// the expands themselves: decompose_composite).
Value* broadcast_tensors(Builder& b, const Node* n) {
    const Node* list = n->input(0)->node;
    if (list->kind != "prim::ListConstruct") return nullptr;
    Shape common;
    for (const Value* v : list->inputs) common = broadcast_shapes(common, Builder::sizes_of(v));
    std::vector<Value*> parts;
    for (Value* v : list->inputs)
        parts.push_back(Builder::sizes_of(v) == common
                            ? v
                            : b.op("aten::expand", {v, IValue::int_list(std::vector<int64_t>(common.begin(), common.end()))}));
    Node* out = b.graph().insert("prim::ListConstruct", parts, 1);
    out->output()->type = graph::list_type(graph::tensor_type());
    return out->output();
}

// meshgrid (CompositeImplicit in ATen): each 0-d/1-d input viewed to rank N with its length at its
// own dimension, then expanded to the grid; indexing='xy' swaps the first two inputs and then the
// first two outputs, as ATen's meshgrid does.
Value* meshgrid(Builder& b, const Node* n) {
    const Node* list = n->input(0)->node;
    if (list->kind != "prim::ListConstruct") return nullptr;
    std::string indexing = "ij";
    if (n->inputs.size() > 1) {
        auto v = const_arg(n, "indexing");
        if (!v) return nullptr;
        indexing = v->to_string();
    }
    std::vector<Value*> ins(list->inputs.begin(), list->inputs.end());
    const bool swap = indexing == "xy" && ins.size() >= 2;
    if (swap) std::swap(ins[0], ins[1]);
    std::vector<int64_t> grid;
    for (const Value* v : ins) {
        Shape s = Builder::sizes_of(v);
        if (s.size() > 1) return nullptr;
        grid.push_back(s.empty() ? 1 : s[0]);
    }
    std::vector<Value*> parts;
    for (size_t i = 0; i < ins.size(); ++i) {
        std::vector<int64_t> view(ins.size(), 1);
        view[i] = grid[i];
        Value* v = b.op("aten::view", {ins[i], IValue::int_list(view)});
        parts.push_back(b.op("aten::expand", {v, IValue::int_list(grid)}));
    }
    if (swap) std::swap(parts[0], parts[1]);
    Node* out = b.graph().insert("prim::ListConstruct", parts, 1);
    out->output()->type = graph::list_type(graph::tensor_type());
    return out->output();
}

// max_pool2d on the gradient's path: max_pool2d_with_indices' values, as PyTorch's autograd runs it,
// so the forward hands the argmax indices to the backward (pool_with_indices' formula) instead of the
// backward graph searching every window again.
Value* max_pool2d_values(Builder& b, const Node* n) {
    std::vector<Arg> args(n->inputs.begin(), n->inputs.end());
    return b.ops("aten::max_pool2d_with_indices", args).at(0);
}

// The 1-d pools = the 2-d pools over a height-1 image (the op table's max_pool1d / avg_pool1d /
// adaptive_avg_pool1d kernels, nn/_functional_ext.py's functions).
Value* pool1d(Builder& b, const Node* n, const char* pool2d) {
    auto one = [&](const char* name, bool empty_ok) -> std::optional<std::vector<int64_t>> {
        auto v = passes::constant_ints(arg_of(n, name));
        if (!v || v->size() > 1 || (v->empty() && !empty_ok)) return std::nullopt;
        return v;
    };
    const std::string op = n->schema->qualified();
    Value* x = b.op("aten::unsqueeze", {n->input(0), int64_t(-2)});
    Value* out = nullptr;
    if (op == "aten::adaptive_avg_pool1d") {
        auto o = one("output_size", false);
        if (!o) return nullptr;
        out = b.op(pool2d, {x, IValue::int_list({1, (*o)[0]})});
    } else {
        auto k = one("kernel_size", false), st = one("stride", true), p = one("padding", false);
        if (!k || !st || !p) return nullptr;
        const int64_t s1 = st->empty() ? (*k)[0] : (*st)[0];
        auto ceil = const_arg(n, "ceil_mode");
        if (!ceil || !ceil->is_bool()) return nullptr;
        if (op == "aten::max_pool1d") {
            auto d = one("dilation", false);
            if (!d) return nullptr;
            out = b.ops("aten::max_pool2d_with_indices",
                        {x, IValue::int_list({1, (*k)[0]}), IValue::int_list({1, s1}), IValue::int_list({0, (*p)[0]}),
                         IValue::int_list({1, (*d)[0]}), ceil->to_bool()})
                      .at(0);
        } else {
            auto cip = const_arg(n, "count_include_pad");
            if (!cip || !cip->is_bool()) return nullptr;
            out = b.op(pool2d, {x, IValue::int_list({1, (*k)[0]}), IValue::int_list({1, s1}), IValue::int_list({0, (*p)[0]}),
                                ceil->to_bool(), cip->to_bool(), IValue()});
        }
    }
    return b.op("aten::squeeze.dim", {out, int64_t(-2)});
}

// cosine_similarity: each input over its clamped 2-norm along dim, then the sum of the products
// (ops/nn_extra.cpp's cosine_similarity).
Value* cosine_similarity(Builder& b, const Node* n) {
    auto dim = const_arg(n, "dim"), eps = const_arg(n, "eps");
    if (!dim || !dim->is_int() || !eps || !eps->is_number()) return nullptr;
    auto unit = [&](Value* x) {
        Value* nrm = b.op("aten::norm.ScalarOpt_dim", {x, 2.0, IValue::int_list({dim->to_int()}), true});
        return b.div(x, b.op("aten::clamp", {nrm, eps->to_double(), IValue()}));
    };
    return b.op("aten::sum.dim_IntList", {b.mul(unit(n->input(0)), unit(n->input(1))), IValue::int_list({dim->to_int()})});
}

// pairwise_distance: norm(x1 - x2 + eps, p, innermost dim, keepdim), as ops/nn_extra.cpp.
Value* pairwise_distance(Builder& b, const Node* n) {
    auto p = const_arg(n, "p"), eps = const_arg(n, "eps"), keep = const_arg(n, "keepdim");
    if (!p || !p->is_number() || !eps || !eps->is_number() || !keep || !keep->is_bool()) return nullptr;
    const int64_t innermost =
        int64_t(std::max(Builder::sizes_of(n->input(0)).size(), Builder::sizes_of(n->input(1)).size())) - 1;
    Value* diff = b.op("aten::add.Scalar", {b.sub(n->input(0), n->input(1)), eps->to_double()});
    return b.op("aten::norm.ScalarOpt_dim", {diff, p->to_double(), IValue::int_list({innermost}), keep->to_bool()});
}

// ctc_loss = _ctc_loss + its reduction (ATen's ctc_loss in LossCTC.cpp, ops/ctc_loss.cpp's eager
// composite, step for step): an unbatched input gets a batch dim of 1; targets as int64; with
// zero_infinity an infinite loss is 0; 'mean' divides each loss by its target length clamped to >= 1,
// then means. The lengths must be constants: int lists, or (the .Tensor overload: TorchScript code)
// constant tensors. PyTorch's Dynamo breaks the graph at tensor lengths (aten._ctc_loss.Tensor's output
// shape depends on them), as Kiln's does.
Value* ctc_loss(Builder& b, const Node* n) {
    auto lengths = [&](const char* name) -> std::optional<std::vector<int64_t>> {
        if (auto ints = passes::constant_ints(arg_of(n, name))) return ints;
        auto v = const_arg(n, name);
        if (!v || !v->is_tensor()) return std::nullopt;
        const Tensor& t = v->to_tensor();
        if (!t.defined() || t.is_floating_point() || t.dtype() == DType::Bool || t.dim() > 1 || t.is_meta()) return std::nullopt;
        return contiguous(t).to_int_vector();
    };
    auto il = lengths("input_lengths"), tl = lengths("target_lengths");
    auto blank = const_arg(n, "blank"), red = const_arg(n, "reduction"), zinf = const_arg(n, "zero_infinity");
    if (!il || !tl || !blank || !blank->is_int() || !red || !red->is_int() || !zinf || !zinf->is_bool()) return nullptr;
    Value* lp = n->input(0);
    auto lt = passes::tensor_info(lp), tt = passes::tensor_info(n->input(1));
    if (!lt || !tt) return nullptr;
    const bool batched = lt->sizes.size() == 3;
    if (!batched) lp = b.op("aten::unsqueeze", {lp, int64_t(1)});
    Value* targets = n->input(1);
    if (tt->dtype != DType::Int64) targets = b.op("aten::to.dtype", {targets, graph::scalar_type_code(DType::Int64)});
    Value* res = b.ops("aten::_ctc_loss", {lp, targets, IValue::int_list(*il), IValue::int_list(*tl), *blank, *zinf}).at(0);
    if (zinf->to_bool())
        res = b.op("aten::where.ScalarSelf", {b.op("aten::eq.Scalar", {res, double(INFINITY)}), 0.0, res});
    const int64_t r = red->to_int();
    if (r == 1) {
        std::vector<double> clamped;
        for (int64_t v : *tl) clamped.push_back(double(std::max<int64_t>(v, 1)));
        Value* t = b.constant(IValue(kiln::tensor(clamped, Shape{int64_t(clamped.size())}, lt->dtype)));
        return b.op("aten::mean", {b.div(res, t)});
    }
    if (r == 2) return b.op("aten::sum", {res});
    return batched ? res : b.op("aten::squeeze.dim", {res, int64_t(0)});
}

// instance_norm = batch_norm over the input viewed as (1, N * C, *spatial), with weight, bias and
// running statistics repeated N times (ATen's instance_norm, the op table's kernel). With running
// statistics and use_input_stats, the repeated statistics' update is then folded back by a mean over N
// and copied into the running ones (aten::copy_): functionalize.cpp decomposes such a call first, so
// the batch norm and the copies are functionalized like any other (PyTorch also copies in eval mode,
// where the values do not change; Kiln's eager kernel skips that copy, and so does this).
Value* instance_norm(Builder& b, const Node* n) {
    auto use_stats = const_arg(n, "use_input_stats"), momentum = const_arg(n, "momentum"), eps = const_arg(n, "eps");
    auto cudnn = const_arg(n, "cudnn_enabled");
    auto t = passes::tensor_info(n->input(0));
    if (!use_stats || !use_stats->is_bool() || !momentum || !momentum->is_number() || !eps || !eps->is_number() || !t ||
        t->sizes.size() < 2)
        return nullptr;
    const Shape shape = t->sizes;
    const int64_t batch = shape[0], ch = shape[1];
    int64_t spatial = 1;
    for (size_t d = 2; d < shape.size(); ++d) spatial *= shape[d];
    if (use_stats->to_bool() && spatial == 1) return nullptr;  // the kernel raises PyTorch's ValueError
    Shape flat = {1, batch * ch};
    flat.insert(flat.end(), shape.begin() + 2, shape.end());
    auto rep = [&](const char* name) -> Value* {
        Value* v = arg_of(n, name);
        return passes::is_none_value(v) ? b.constant(IValue()) : b.op("aten::repeat", {v, IValue::int_list({batch})});
    };
    Value *w = rep("weight"), *bias = rep("bias"), *rm = rep("running_mean"), *rv = rep("running_var");
    Value* out = b.op("aten::batch_norm", {b.reshape(n->input(0), flat), w, bias, rm, rv, *use_stats, *momentum, *eps,
                                           cudnn && cudnn->is_bool() ? *cudnn : IValue(false)});
    if (use_stats->to_bool())
        for (auto [name, r] : {std::pair<const char*, Value*>{"running_mean", rm}, {"running_var", rv}}) {
            Value* running = arg_of(n, name);
            if (passes::is_none_value(running)) continue;
            Value* folded = b.op("aten::mean.dim", {b.reshape(r, {batch, ch}), IValue::int_list({0})});
            b.op("aten::copy_", {running, folded});
        }
    return b.reshape(out, shape);
}

const std::unordered_map<std::string, Decomposition>& composites() {
    static const std::unordered_map<std::string, Decomposition> t = {
        {"aten::cross_entropy_loss", cross_entropy},
        {"aten::ctc_loss.IntList", ctc_loss},
        {"aten::ctc_loss.Tensor", ctc_loss},
        {"aten::instance_norm", instance_norm},
        {"aten::nll_loss", nll_loss},
        {"aten::nll_loss_nd", nll_loss},
        {"aten::l1_loss", l1_loss},
        {"aten::smooth_l1_loss", [](Builder& b, const Node* n) { return smooth_l1_or_huber(b, n, false); }},
        {"aten::huber_loss", [](Builder& b, const Node* n) { return smooth_l1_or_huber(b, n, true); }},
        {"aten::group_norm", group_norm},
        {"aten::kl_div", kl_div},
        {"aten::conv1d", conv1d},
        // native_functions.yaml's torch.* spellings of torch.linalg's (CompositeImplicitAutograd): det and
        // inverse call linalg_det / linalg_inv; logdet is log|det| where det >= 0 and NaN elsewhere, through
        // linalg_slogdet (graph/optable/linalg.cpp computes it so).
        {"aten::det", [](Builder& b, const Node* n) { return b.op("aten::linalg_det", {n->input(0)}); }},
        {"aten::inverse", [](Builder& b, const Node* n) { return b.op("aten::linalg_inv", {n->input(0)}); }},
        {"aten::logdet", [](Builder& b, const Node* n) {
             std::vector<Value*> sl = b.ops("aten::linalg_slogdet", {n->input(0)});
             Value* nan = b.op("aten::full_like", {sl[1], IValue(std::numeric_limits<double>::quiet_NaN())});
             return b.op("aten::where.self", {b.op("aten::lt.Scalar", {sl[0], IValue(0.0)}), nan, sl[1]});
         }},
        {"aten::max_pool1d", [](Builder& b, const Node* n) { return pool1d(b, n, "aten::max_pool2d"); }},
        {"aten::avg_pool1d", [](Builder& b, const Node* n) { return pool1d(b, n, "aten::avg_pool2d"); }},
        {"aten::adaptive_avg_pool1d", [](Builder& b, const Node* n) { return pool1d(b, n, "aten::adaptive_avg_pool2d"); }},
        {"aten::_convolution", convolution_call},
        {"aten::_convolution_mode", convolution_mode},
        {"aten::dropout", dropout},
        {"aten::feature_dropout", dropout},
        {"aten::alpha_dropout", dropout},
        {"aten::feature_alpha_dropout", dropout},
        {"aten::hstack", [](Builder& b, const Node* n) { return hvstack(b, n, false); }},
        {"aten::constant_pad_nd", constant_pad},
        {"aten::reflection_pad1d", [](Builder& b, const Node* n) { return pad_by_index(b, n, "reflect"); }},
        {"aten::reflection_pad2d", [](Builder& b, const Node* n) { return pad_by_index(b, n, "reflect"); }},
        {"aten::reflection_pad3d", [](Builder& b, const Node* n) { return pad_by_index(b, n, "reflect"); }},
        {"aten::replication_pad1d", [](Builder& b, const Node* n) { return pad_by_index(b, n, "replicate"); }},
        {"aten::replication_pad2d", [](Builder& b, const Node* n) { return pad_by_index(b, n, "replicate"); }},
        {"aten::replication_pad3d", [](Builder& b, const Node* n) { return pad_by_index(b, n, "replicate"); }},
        {"aten::pad", [](Builder& b, const Node* n) { return pad_by_index(b, n, ""); }},
        {"aten::take_along_dim", take_along_dim},
        {"aten::pairwise_distance", pairwise_distance},
        {"aten::max_pool2d", max_pool2d_values},
        {"aten::broadcast_tensors", broadcast_tensors},
        {"aten::meshgrid", meshgrid},
        {"aten::meshgrid.indexing", meshgrid},
        {"aten::elu", [](Builder& b, const Node* n) { return activation(b, n, "elu"); }},
        {"aten::selu", [](Builder& b, const Node* n) { return activation(b, n, "selu"); }},
        {"aten::mish", [](Builder& b, const Node* n) { return activation(b, n, "mish"); }},
        {"aten::log_sigmoid", [](Builder& b, const Node* n) { return activation(b, n, "log_sigmoid"); }},
        {"aten::softsign", [](Builder& b, const Node* n) {
             return b.div(n->input(0), b.add(b.op("aten::abs", {n->input(0)}), 1.0));
         }},
        {"aten::cosine_similarity", cosine_similarity},
        {"aten::hardsigmoid", [](Builder& b, const Node* n) { return activation(b, n, "hardsigmoid"); }},
        {"aten::hardswish", [](Builder& b, const Node* n) { return activation(b, n, "hardswish"); }},
        {"aten::threshold", [](Builder& b, const Node* n) { return activation(b, n, "threshold"); }},
        {"aten::vstack", [](Builder& b, const Node* n) { return hvstack(b, n, true); }},
        // Kiln's compositions of these (ops/nn_extra.cpp), so the values match eager's.
        {"aten::square", [](Builder& b, const Node* n) {
             return b.op("aten::pow.Tensor_Scalar", {n->input(0), IValue(int64_t(2))});
         }},
        {"aten::log2", [](Builder& b, const Node* n) {
             return b.op("aten::div.Scalar", {b.op("aten::log", {n->input(0)}), IValue(0.693147180559945309417)});
         }},
        {"aten::log10", [](Builder& b, const Node* n) {
             return b.op("aten::div.Scalar", {b.op("aten::log", {n->input(0)}), IValue(2.30258509299404568402)});
         }},
        {"aten::exp2", [](Builder& b, const Node* n) { return b.op("aten::pow.Scalar", {IValue(2.0), n->input(0)}); }},
        // sign(x) * floor(|x|): zero gradient almost everywhere, as PyTorch's trunc
        {"aten::trunc", [](Builder& b, const Node* n) {
             Value* x = n->input(0);
             return b.mul(b.op("aten::sign", {x}), b.op("aten::floor", {b.op("aten::abs", {x})}));
         }},
        {"aten::fix", [](Builder& b, const Node* n) {
             Value* x = n->input(0);
             return b.mul(b.op("aten::sign", {x}), b.op("aten::floor", {b.op("aten::abs", {x})}));
         }},
        // ATen's two-branch lerp with a tensor weight (ops/nn_extra.cpp's composition)
        {"aten::lerp.Tensor", [](Builder& b, const Node* n) {
             Value *x = n->input(0), *end = n->input(1), *w = n->input(2);
             Value* diff = b.op("aten::sub.Tensor", {end, x});
             Value* low = b.add(x, b.mul(w, diff));
             Value* high = b.op("aten::sub.Tensor", {end, b.mul(diff, b.op("aten::rsub.Scalar", {w, IValue(1.0)}))});
             return b.op("aten::where.self", {b.op("aten::lt.Scalar", {b.op("aten::abs", {w}), IValue(0.5)}), low, high});
         }},
    };
    return t;
}

}  // namespace

bool decompose_composite(Builder& b, Node* n) {
    if (!n->schema || n->outputs.size() != 1) return false;
    auto it = composites().find(n->schema->qualified());
    if (it == composites().end()) return false;
    graph::Block* block = n->owning_block;
    const size_t before = block->nodes.size();
    Value* out = it->second(b, n);
    // Built at the block's end, then moved in front of `n`, in order.
    std::vector<Node*> made;
    auto pos = block->nodes.end();
    for (size_t i = before; i < block->nodes.size(); ++i) made.push_back(*--pos);
    for (auto m = made.rbegin(); m != made.rend(); ++m) (*m)->insert_before(n);
    if (!out) {  // a form the decomposition does not take: remove what it built, keep n
        for (Node* m : made)
            if (m->outputs.empty() || std::all_of(m->outputs.begin(), m->outputs.end(), [](Value* v) { return v->uses.empty(); }))
                m->destroy();
        return false;
    }
    n->output(0)->replace_all_uses_with(out);
    n->destroy();
    if (out->node->kind == "prim::ListConstruct") {
        // A list-returning composite (broadcast_tensors): each prim::ListUnpack of it hands out the
        // list's items directly, leaving no list for the differentiation to take apart.
        Node* list = out->node;
        std::vector<Node*> unpacks;
        for (const auto& u : out->uses)
            if (u.first->kind == "prim::ListUnpack" && u.first->outputs.size() == list->inputs.size()) unpacks.push_back(u.first);
        for (Node* u : unpacks) {
            for (size_t i = 0; i < u->outputs.size(); ++i) u->output(i)->replace_all_uses_with(list->input(i));
            u->destroy();
        }
        if (out->uses.empty()) list->destroy();
    }
    return true;
}

std::vector<std::string> composite_ops() {
    std::vector<std::string> names;
    for (const auto& [name, f] : composites()) names.push_back(name);
    std::sort(names.begin(), names.end());
    return names;
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
    const bool causal = constant_is("is_causal", graph::IValue(true));
    if (!passes::is_none_value(arg("attn_mask")) || !constant_is("dropout_p", graph::IValue(0.0)) ||
        !(causal || constant_is("is_causal", graph::IValue(false))) || !constant_is("enable_gqa", graph::IValue(false)))
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
    std::vector<Value*> outs = b.ops("aten::_scaled_dot_product_fused_attention", {q, k, v, scale, graph::IValue(causal)});
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

// ---- coverage of the op table ------------------------------------------------------------------

namespace {

// Ops through which no gradient flows, and why (PyTorch's derivatives.yaml marks the same ones
// non-differentiable or gives them no formula).
const std::map<std::string, std::string>& not_differentiable() {
    static const std::map<std::string, std::string> t = [] {
        std::map<std::string, std::string> m;
        for (const char* cmp : {"eq", "ne", "lt", "le", "gt", "ge"})
            for (const char* ov : {"Tensor", "Scalar"}) m[std::string("aten::") + cmp + "." + ov] = "returns a bool tensor";
        for (const char* op : {"aten::logical_and", "aten::logical_or", "aten::logical_xor", "aten::logical_not",
                               "aten::all", "aten::any", "aten::all.dim", "aten::any.dim", "aten::all.dims",
                               "aten::any.dims"})
            m[op] = "returns a bool tensor";
        for (const char* op : {"aten::argmax", "aten::argmin", "aten::argsort", "aten::nonzero"}) m[op] = "returns indices";
        for (const char* op : {"aten::floor_divide", "aten::floor_divide.Scalar"})
            m[op] = "a rounded quotient (PyTorch gives floor_divide no derivative)";
        for (const char* op : {"aten::zeros_like", "aten::ones_like", "aten::empty_like", "aten::full_like",
                               "aten::rand_like", "aten::randn_like", "aten::new_empty", "aten::new_zeros",
                               "aten::new_ones", "aten::new_full"})
            m[op] = "the result does not depend on the input's values";
        m["aten::bernoulli.p"] = "random draws (training dropout's mask: saved, never differentiated)";
        m["aten::bernoulli"] = "random draws from probabilities (PyTorch gives them a zero gradient)";
        for (const char* op : {"aten::uniform_", "aten::uniform", "aten::exponential_", "aten::exponential", "aten::normal_",
                               "aten::normal_functional", "aten::bernoulli_.float", "aten::cauchy", "aten::log_normal",
                               "aten::geometric"})
            m[op] = "random draws replace the values (derivatives.yaml: a zero gradient for self)";
        m["aten::poisson"] = "random draws from rates (derivatives.yaml: a zero gradient for self)";
        m["aten::binomial"] = "random draws (derivatives.yaml: zero gradients for count and prob)";
        m["aten::detach"] = "cuts the gradient by definition";
        m["aten::view.dtype"] = "the same bytes read as another dtype (derivatives.yaml: non_differentiable)";
        for (const char* op : {"aten::bitwise_and.Tensor", "aten::bitwise_and.Scalar", "aten::bitwise_or.Tensor",
                               "aten::bitwise_or.Scalar", "aten::bitwise_xor.Tensor", "aten::bitwise_xor.Scalar",
                               "aten::bitwise_not", "aten::__and__.Tensor", "aten::__and__.Scalar", "aten::__or__.Tensor",
                               "aten::__or__.Scalar", "aten::__xor__.Tensor", "aten::__xor__.Scalar",
                               "aten::__lshift__.Scalar", "aten::__rshift__.Scalar", "aten::__lshift__.Tensor",
                               "aten::__rshift__.Tensor", "aten::bitwise_left_shift.Tensor",
                               "aten::bitwise_left_shift.Tensor_Scalar", "aten::bitwise_left_shift.Scalar_Tensor",
                               "aten::bitwise_right_shift.Tensor", "aten::bitwise_right_shift.Tensor_Scalar",
                               "aten::bitwise_right_shift.Scalar_Tensor"})
            m[op] = "bool and integer tensors only";
        m["aten::heaviside"] = "a step function (PyTorch gives heaviside no derivative)";
        m["aten::nextafter"] = "derivatives.yaml: not_implemented for both operands (NextafterBackward0 raises)";
        for (const char* op : {"mkldnn::_convolution_pointwise", "mkldnn::_convolution_pointwise.binary"})
            m[op] = "the back end's fused conv + relu / residual (passes/fuse_conv_pointwise.cpp), emitted only into "
                    "graphs that are not differentiated; PyTorch registers no autograd kernel for it either";
        return m;
    }();
    return t;
}

// Differentiable ops without a graph formula yet: compiled training that reaches one runs on the
// FX graph interpreter (eager autograd then gives the right gradients), with this reason on stderr.
const std::map<std::string, std::string>& gaps() {
    static const std::map<std::string, std::string> t = [] {
        std::map<std::string, std::string> m;
        // torch.linalg.eig / eigvals (session 64): eager autograd has derivatives.yaml's
        // linalg_eig_backward (ops/linalg_eig.cpp); its complex arithmetic is not written over graph values.
        m["aten::linalg_eig"] = "derivatives.yaml's linalg_eig_backward runs eagerly (ops/linalg_eig.cpp) but is not "
                                "written over graph values yet";
        m["aten::linalg_eigvals"] = m["aten::linalg_eig"];
        // PyTorch 2.11 carries masked_select's data-dependent size as an unbacked SymInt (u0), which
        // its Dynamo records only with capture_dynamic_output_shape_ops=True (by default it breaks the
        // graph there, as Kiln's Dynamo always does, so no compiled graph reaches this op today).
        m["aten::masked_select"] = "its output size depends on the mask's values: PyTorch's AOT autograd carries it as an "
                                   "unbacked SymInt, while Kiln's graph types have concrete sizes only (a graph would be "
                                   "specialized to one mask's count); Dynamo breaks the graph before it";
        // The real <-> complex FFTs' formulas take a complex tensor's real part (r2c) or scale some
        // complex bins (c2r) with complex padding: not written yet.
        for (const char* op : {"aten::_fft_r2c", "aten::_fft_c2r"})
            m[op] = "its backward needs complex padding and bin scaling not written as graph ops yet: a training "
                    "graph holding it runs on the FX interpreter (eager autograd)";
        for (const char* op : {"aten::igamma", "aten::igammac"})
            m[op] = "differentiable in `other` only (derivatives.yaml: not_implemented for `self`, raised when asked): "
                    "no graph formula yet, eager autograd (IgammaBackward0/IgammacBackward0) gives the gradient";
        // Op-table rows added for eager/TorchScript parity (session 60) whose graph formulas are still to
        // write; eager autograd differentiates them (their own grad_fns or the composition's).
        for (const char* op : {"aten::_prelu_kernel", "aten::mvlgamma"})
            m[op] = "no graph formula yet (derivatives.yaml's is to port): eager autograd (PreluKernelBackward0 / "
                    "MvlgammaBackward0) gives the gradient, a compiled graph holding it runs on the FX interpreter";
        for (const char* op : {"aten::atleast_1d", "aten::atleast_1d.Sequence", "aten::atleast_2d",
                               "aten::atleast_2d.Sequence", "aten::atleast_3d", "aten::atleast_3d.Sequence",
                               "aten::mT", "aten::mH", "aten::matrix_H"})
            m[op] = "a view/reshape composite PyTorch decomposes before AOT autograd: no decomposition registered "
                    "yet (TorchScript rows); eager autograd differentiates the views it makes";
        // torch.special's native ops (ops/special_fns.h, session 62)
        for (const char* op : {"aten::special_zeta", "aten::special_zeta.self_scalar", "aten::special_zeta.other_scalar"})
            m[op] = "no graph formula yet (derivatives.yaml's: q only, not_implemented for x): eager autograd "
                    "(SpecialZetaBackward0) gives the gradient, a compiled graph holding it runs on the FX interpreter";
        for (const char* op : {"aten::triangular_solve", "aten::linalg_solve_triangular"})
            m[op] = "no graph formula yet (derivatives.yaml's triangular_solve_backward / linalg_solve_triangular_"
                    "backward are to port): eager autograd gives the gradient";
        return m;
    }();
    return t;
}

// Backward ops PyTorch 2.11 gives no derivative (their derivatives.yaml entries are not_implemented, or
// they have none): double backward through them raises there, "derivative for aten::X is not
// implemented". Listed as not differentiable, yet still differentiated (no gradient is dropped
// silently): reaching one raises that reason, and the graph runs on the FX interpreter.
const std::map<std::string, std::string>& pytorch_not_implemented() {
    static const std::map<std::string, std::string> t = [] {
        std::map<std::string, std::string> m;
        for (const char* op : {"aten::_ctc_loss_backward", "aten::_embedding_bag_backward",
                               "aten::_embedding_bag_per_sample_weights_backward",
                               "aten::_scaled_dot_product_fused_attention_backward",
                               "aten::_scaled_dot_product_fused_attention_backward_packed"})
            m[op] = std::string("a backward op PyTorch 2.11 gives no derivative: double backward raises 'derivative for ") +
                    op + " is not implemented' there (pytorch/pytorch#70108 for CTC)";
        return m;
    }();
    return t;
}

// The gaps declared where their ops are registered at run time (declare_runtime_gap).
std::map<std::string, std::string>& runtime_gaps() {
    static std::map<std::string, std::string> m;
    return m;
}

std::string gap_reason(const std::string& op) {
    auto it = gaps().find(op);
    if (it != gaps().end()) return it->second;
    auto ni = pytorch_not_implemented().find(op);
    if (ni != pytorch_not_implemented().end()) return ni->second;
    auto r = runtime_gaps().find(op);
    return r == runtime_gaps().end() ? std::string() : r->second;
}

bool is_composite(const std::string& op) { return composites().count(op) > 0; }

bool tensor_text(const std::string& t) { return t.find("Tensor") != std::string::npos; }

}  // namespace

bool differentiable(const Node* n) { return !n->schema || !not_differentiable().count(n->schema->qualified()); }

bool differentiable_output(const Node* n, size_t i) {
    if (!n->schema) return true;
    const std::string op = n->schema->qualified();
    if (op == "aten::linalg_slogdet" || op == "aten::slogdet") return i != 0;  // sign: piecewise constant
    // batch norm's statistics and new running values (derivatives.yaml differentiates only the output:
    // its formula reads `grad`); the double-backward formula treats the saved ones as constants
    if (op == "aten::_native_batch_norm_legit_functional") return i == 0;
    return true;
}

std::vector<OpCoverage> op_table_coverage() {
    std::vector<OpCoverage> out;
    for (const std::string& name : graph::registered_op_names())
        for (const graph::OpSchema* s : graph::overloads(name)) {
            bool tensor_in = false, tensor_out = false;
            for (const auto& a : s->args) tensor_in = tensor_in || tensor_text(a.type_text);
            for (const auto& r : s->returns) tensor_out = tensor_out || tensor_text(r.type_text);
            if (!tensor_in || !tensor_out) continue;
            OpCoverage c;
            c.op = s->qualified();
            if (table().count(c.op)) {
                c.how = "formula";
            } else if (composites().count(c.op)) {
                c.how = "composite";
            } else if (gaps().count(c.op) || runtime_gaps().count(c.op)) {
                c.how = "gap";
                c.reason = gap_reason(c.op);
            } else if (s->is_inplace()) {
                const std::string f = functional_form(*s);
                c.how = graph::find_schema(f) ? "functionalized" : "missing";
                c.functional = f;
            } else if (not_differentiable().count(c.op)) {
                c.how = "not differentiable";
                c.reason = not_differentiable().at(c.op);
            } else if (pytorch_not_implemented().count(c.op)) {
                c.how = "not differentiable";
                c.reason = pytorch_not_implemented().at(c.op);
            } else {
                c.how = "missing";
            }
            out.push_back(std::move(c));
        }
    return out;
}

void declare_runtime_gap(const std::string& op, const std::string& reason) { runtime_gaps()[op] = reason; }

std::vector<std::string> stale_coverage_entries() {
    std::vector<std::string> bad;
    for (const auto* list : {&not_differentiable(), &gaps(), &pytorch_not_implemented()})
        for (const auto& [op, why] : *list) {
            if (!graph::find_schema(op)) bad.push_back(op + " (not in the op table)");
            else if (table().count(op) || composites().count(op)) bad.push_back(op + " (has a formula)");
        }
    return bad;
}

}  // namespace kiln::aot
