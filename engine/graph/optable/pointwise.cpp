// Pointwise operators: unary math, binary arithmetic (.Tensor/.Scalar overloads), comparisons,
// logic, where/masked_fill, clamp, and the in-place forms the engine has.
//
// Schemas are PyTorch 2.x's native_functions.yaml entries. In-place kernels mutate the tensor they
// were given (a handle copy shares the TensorImpl) and return it, as aten's `Tensor(a!)` returns do.
#include "autograd/grad_mode.h"
#include "autograd/inplace_check.h"
#include "autograd/node.h"
#include "ops/composite.h"
#include "ops/multigamma.h"
#include "ops/special_fns.h"
#include "ops/prelu_kernel.h"
#include "ops/unary_api.h"
#include "support/function.h"
#include "graph/optable/args.h"
#include "graph/optable/optable.h"

namespace kiln::graph {

using namespace optable;

namespace {
// An in-place op the engine has no kernel for, computed out of place and written back with
// PyTorch's checks (the result must be castable to x's dtype and keep its shape); with autograd,
// x is rebased onto the result's node as the engine's own in-place ops are. One function for every
// in-place form (compute is a kiln::Function: a lambda without captures is a plain pointer).
Tensor inplace_via(Tensor x, const std::vector<Tensor>& others, const Function<Tensor(const Tensor&)>& compute) {
    autograd::check_inplace(x, others);
    assert_no_internal_overlap(x);
    std::vector<Tensor> all = others;
    all.push_back(x);
    const bool grad = autograd::needs_grad(all);
    Tensor r;
    if (grad) {
        r = compute(autograd::inplace_source(x));
    } else {
        autograd::NoGradGuard g;
        r = compute(x);
    }
    KILN_CHECK(can_cast(r.dtype(), x.dtype()), RuntimeError, "result type ", dtype_scalar_type_name(r.dtype()),
               " can't be cast to the desired output type ", dtype_scalar_type_name(x.dtype()));
    KILN_CHECK(r.sizes() == x.sizes(), RuntimeError, "output with shape ", shape_str(x.sizes()),
               " doesn't match the broadcast shape ", shape_str(r.sizes()));
    {
        autograd::NoGradGuard g;
        copy_(x, r);
    }
    if (grad) autograd::inplace_rebase(x, r);
    return x;
}
}  // namespace

#define K [](IValueList & a) -> IValueList

void register_pointwise_ops() {
    // ---- unary ----
#define UNARY(name) def("aten::" #name "(Tensor self) -> Tensor", K { return one(name(tensor_arg(a, 0))); });
    UNARY(neg) UNARY(abs) UNARY(exp) UNARY(relu) UNARY(silu) UNARY(reciprocal) UNARY(logical_not) UNARY(frac)
    UNARY(round) UNARY(bitwise_not)
    // pointwise.def's KILN_UNARY_FN rows (sin, atan, erfinv, ...) register themselves.
#define KILN_UNARY_FN(name, alias, inplace, grad_fn, kind, saves, expr, backward) UNARY(name)
#include "ops/pointwise.def"
    // PyTorch's own kernels that Kiln composes (ops/composite.h): x.square(), torch.log2, ...
    UNARY(square) UNARY(log2) UNARY(log10) UNARY(exp2) UNARY(trunc)
#undef UNARY
    def("aten::fix(Tensor self) -> Tensor", K { return one(trunc(tensor_arg(a, 0))); });
    // The in-place unary forms (`x.sigmoid_()`, `torch.square_`), computed out of place and written
    // back with PyTorch's in-place checks (inplace_via).
#define UNARY_(name)                                                                                  \
    def("aten::" #name "_(Tensor(a!) self) -> Tensor(a!)", K {                                        \
        Tensor x = tensor_arg(a, 0);                                                                  \
        return one(inplace_via(x, {}, [](const Tensor& t) { return name(t); }));                      \
    });
    UNARY_(neg) UNARY_(abs) UNARY_(exp) UNARY_(reciprocal) UNARY_(round) UNARY_(frac) UNARY_(square) UNARY_(log2)
    UNARY_(log10) UNARY_(exp2) UNARY_(trunc)
    // and every KILN_UNARY_FN row's but torch.special's (x.sin_(), x.i0_(); native_functions.yaml has them all)
#define KILN_UNARY_FN(name, alias, inplace, grad_fn, kind, saves, expr, backward) \
    if (UnaryApi::inplace != UnaryApi::SPECIAL) UNARY_(name)
#include "ops/pointwise.def"
#undef UNARY_
    def("aten::polygamma(int n, Tensor self) -> Tensor", K { return one(polygamma(int_arg(a, 0), tensor_arg(a, 1))); });
    def("aten::_prelu_kernel(Tensor self, Tensor weight) -> Tensor",
        K { return one(prelu_kernel(tensor_arg(a, 0), tensor_arg(a, 1))); });
    def("aten::mvlgamma(Tensor self, int p) -> Tensor", K { return one(mvlgamma(tensor_arg(a, 0), int_arg(a, 1))); });
    // torch.special's native ops (ops/special_fns.h)
    def("aten::special_i0e(Tensor self) -> Tensor", K { return one(special_i0e(tensor_arg(a, 0))); });
    def("aten::special_i1e(Tensor self) -> Tensor", K { return one(special_i1e(tensor_arg(a, 0))); });
    def("aten::special_ndtr(Tensor self) -> Tensor", K { return one(special_ndtr(tensor_arg(a, 0))); });
    def("aten::special_ndtri(Tensor self) -> Tensor", K { return one(special_ndtri(tensor_arg(a, 0))); });
    def("aten::special_log_ndtr(Tensor self) -> Tensor", K { return one(special_log_ndtr(tensor_arg(a, 0))); });
    def("aten::special_erfcx(Tensor self) -> Tensor", K { return one(special_erfcx(tensor_arg(a, 0))); });
    def("aten::special_zeta(Tensor self, Tensor other) -> Tensor",
        K { return one(special_zeta(tensor_arg(a, 0), tensor_arg(a, 1))); });
    // a Python number operand is a wrapped scalar: it takes the tensor's dtype (no promotion)
    def("aten::special_zeta.self_scalar(Scalar self, Tensor other) -> Tensor", K {
        const Tensor other = tensor_arg(a, 1);
        return one(special_zeta(full({}, scalar_arg(a, 0), {dtype_is_floating(other.dtype()) ? other.dtype() : default_float_dtype(), other.device()}), other));
    });
    def("aten::special_zeta.other_scalar(Tensor self, Scalar other) -> Tensor", K {
        const Tensor self = tensor_arg(a, 0);
        return one(special_zeta(self, full({}, scalar_arg(a, 1), {dtype_is_floating(self.dtype()) ? self.dtype() : default_float_dtype(), self.device()})));
    });
    def("aten::polar(Tensor abs, Tensor angle) -> Tensor", K { return one(polar(tensor_arg(a, 0), tensor_arg(a, 1))); });
    def("aten::complex(Tensor real, Tensor imag) -> Tensor", K { return one(complex(tensor_arg(a, 0), tensor_arg(a, 1))); });
    // Kiln has no lazy conjugate bit: conj materialises a complex tensor's conjugate (the tensor itself
    // for a real one), conj_physical always does; ops/complex.cpp
    def("aten::conj_physical(Tensor self) -> Tensor", K { return one(conj(tensor_arg(a, 0))); });
    def("aten::conj(Tensor(a) self) -> Tensor(a)", K { return one(conj(tensor_arg(a, 0))); });
    def("aten::logit(Tensor self, float? eps=None) -> Tensor", K { return one(logit(tensor_arg(a, 0), opt_float(a, 1))); });
    def("aten::nan_to_num(Tensor self, float? nan=None, float? posinf=None, float? neginf=None) -> Tensor",
        K { return one(nan_to_num(tensor_arg(a, 0), opt_float(a, 1), opt_float(a, 2), opt_float(a, 3))); });
#define BINARY(name) def("aten::" #name "(Tensor self, Tensor other) -> Tensor", K { return one(name(tensor_arg(a, 0), tensor_arg(a, 1))); });
    BINARY(hypot) BINARY(fmax) BINARY(fmin) BINARY(igamma) BINARY(igammac) BINARY(nextafter)
#undef BINARY
    def("aten::heaviside(Tensor self, Tensor values) -> Tensor",
        K { return one(heaviside(tensor_arg(a, 0), tensor_arg(a, 1))); });
#define BITWISE(name)                                                                                          \
    def("aten::" #name ".Tensor(Tensor self, Tensor other) -> Tensor",                                       \
        K { return one(name(tensor_arg(a, 0), tensor_arg(a, 1))); });                                        \
    def("aten::" #name ".Scalar(Tensor self, Scalar other) -> Tensor",                                       \
        K { return one(name(tensor_arg(a, 0), wrapped_scalar(scalar_arg(a, 1)))); });
    BITWISE(bitwise_and) BITWISE(bitwise_or) BITWISE(bitwise_xor)
#undef BITWISE
    // `a & b`, `a | b`, `a ^ b` trace as aten::__and__/__or__/__xor__ (Tensor.__and__'s own schemas).
#define DUNDER(name, fn)                                                                                       \
    def("aten::" #name ".Tensor(Tensor self, Tensor other) -> Tensor",                                       \
        K { return one(fn(tensor_arg(a, 0), tensor_arg(a, 1))); });                                          \
    def("aten::" #name ".Scalar(Tensor self, Scalar other) -> Tensor",                                       \
        K { return one(fn(tensor_arg(a, 0), wrapped_scalar(scalar_arg(a, 1)))); });
    DUNDER(__and__, bitwise_and) DUNDER(__or__, bitwise_or) DUNDER(__xor__, bitwise_xor)
#undef DUNDER
    // torch.bitwise_left_shift / bitwise_right_shift and `a << t`, `a >> t` with a tensor count.
#define SHIFT(name, fn)                                                                                        \
    def("aten::" #name ".Tensor(Tensor self, Tensor other) -> Tensor",                                       \
        K { return one(fn(tensor_arg(a, 0), tensor_arg(a, 1))); });                                          \
    def("aten::" #name ".Tensor_Scalar(Tensor self, Scalar other) -> Tensor",                                \
        K { return one(fn(tensor_arg(a, 0), wrapped_scalar(scalar_arg(a, 1)))); });                          \
    def("aten::" #name ".Scalar_Tensor(Scalar self, Tensor other) -> Tensor",                                \
        K { return one(fn(wrapped_scalar(scalar_arg(a, 0)), tensor_arg(a, 1))); });
    SHIFT(bitwise_left_shift, bitwise_left_shift) SHIFT(bitwise_right_shift, bitwise_right_shift)
#undef SHIFT
    def("aten::__lshift__.Tensor(Tensor self, Tensor other) -> Tensor",
        K { return one(bitwise_left_shift(tensor_arg(a, 0), tensor_arg(a, 1))); });
    def("aten::__rshift__.Tensor(Tensor self, Tensor other) -> Tensor",
        K { return one(bitwise_right_shift(tensor_arg(a, 0), tensor_arg(a, 1))); });
    def("aten::__lshift__.Scalar(Tensor self, Scalar other) -> Tensor",
        K { return one(shift(tensor_arg(a, 0), scalar_arg(a, 1).to_int(), true)); });
    def("aten::__rshift__.Scalar(Tensor self, Scalar other) -> Tensor",
        K { return one(shift(tensor_arg(a, 0), scalar_arg(a, 1).to_int(), false)); });
    def("aten::gelu(Tensor self, *, str approximate='none') -> Tensor",
        K { return one(gelu(tensor_arg(a, 0), str_arg(a, 1))); });
    def("aten::leaky_relu(Tensor self, Scalar negative_slope=0.01) -> Tensor",
        K { return one(leaky_relu(tensor_arg(a, 0), scalar_arg(a, 1).to_double())); });
    // Activations composed of ops (ops/nn_extra.cpp); AOT autograd decomposes them.
    def("aten::elu(Tensor self, Scalar alpha=1, Scalar scale=1, Scalar input_scale=1) -> Tensor", K {
        KILN_CHECK(scalar_arg(a, 2).to_double() == 1.0 && scalar_arg(a, 3).to_double() == 1.0, NotImplementedError,
                   "elu: scale and input_scale other than 1 are not supported by Kiln");
        return one(elu(tensor_arg(a, 0), scalar_arg(a, 1).to_double()));
    });
    def("aten::selu(Tensor self) -> Tensor", K { return one(selu(tensor_arg(a, 0))); });
    def("aten::mish(Tensor self) -> Tensor", K { return one(mish(tensor_arg(a, 0))); });
    def("aten::log_sigmoid(Tensor self) -> Tensor", K { return one(log_sigmoid(tensor_arg(a, 0))); });
    def("aten::softsign(Tensor self) -> Tensor", K { return one(softsign(tensor_arg(a, 0))); });
    def("aten::cosine_similarity(Tensor x1, Tensor x2, int dim=1, float eps=1e-08) -> Tensor",
        K { return one(cosine_similarity(tensor_arg(a, 0), tensor_arg(a, 1), int_arg(a, 2), float_arg(a, 3))); });
    def("aten::hardsigmoid(Tensor self) -> Tensor", K { return one(hardsigmoid(tensor_arg(a, 0))); });
    def("aten::hardswish(Tensor self) -> Tensor", K { return one(hardswish(tensor_arg(a, 0))); });
    def("aten::threshold(Tensor self, Scalar threshold, Scalar value) -> Tensor",
        K { return one(threshold(tensor_arg(a, 0), scalar_arg(a, 1), scalar_arg(a, 2))); });
    def("aten::softplus(Tensor self, Scalar beta=1, Scalar threshold=20) -> Tensor",
        K { return one(softplus(tensor_arg(a, 0), scalar_arg(a, 1).to_double(), scalar_arg(a, 2).to_double())); });
    // hardtanh/relu6 are clamps (F.relu6 scripts to aten::hardtanh in recent PyTorch).
    def("aten::hardtanh(Tensor self, Scalar min_val=-1, Scalar max_val=1) -> Tensor",
        K { return one(hardtanh(tensor_arg(a, 0), scalar_arg(a, 1), scalar_arg(a, 2))); });
    def("aten::relu6(Tensor self) -> Tensor",
        K { return one(hardtanh(tensor_arg(a, 0), Scalar(int64_t(0)), Scalar(int64_t(6)))); });
    def("aten::clamp(Tensor self, Scalar? min=None, Scalar? max=None) -> Tensor",
        K { return one(clamp(tensor_arg(a, 0), opt_scalar(a, 1), opt_scalar(a, 2))); });
    def("aten::clamp_min(Tensor self, Scalar min) -> Tensor",
        K { return one(clamp(tensor_arg(a, 0), scalar_arg(a, 1), std::nullopt)); });
    def("aten::clamp_max(Tensor self, Scalar max) -> Tensor",
        K { return one(clamp(tensor_arg(a, 0), std::nullopt, scalar_arg(a, 1))); });
    def("aten::pow.Tensor_Scalar(Tensor self, Scalar exponent) -> Tensor",
        K { return one(pow(tensor_arg(a, 0), scalar_arg(a, 1))); });
    def("aten::pow.Tensor_Tensor(Tensor self, Tensor exponent) -> Tensor",
        K { return one(pow(tensor_arg(a, 0), tensor_arg(a, 1))); });
    def("aten::pow.Scalar(Scalar self, Tensor exponent) -> Tensor",
        K { return one(pow(scalar_arg(a, 0), tensor_arg(a, 1))); });

    // ---- binary arithmetic ----
    def("aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor",
        K { return one(add(tensor_arg(a, 0), tensor_arg(a, 1), scalar_arg(a, 2))); });
    def("aten::add.Scalar(Tensor self, Scalar other, Scalar alpha=1) -> Tensor",
        K { return one(add(tensor_arg(a, 0), scalar_arg(a, 1), scalar_arg(a, 2))); });
    def("aten::sub.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor",
        K { return one(sub(tensor_arg(a, 0), tensor_arg(a, 1), scalar_arg(a, 2))); });
    def("aten::sub.Scalar(Tensor self, Scalar other, Scalar alpha=1) -> Tensor",
        K { return one(sub(tensor_arg(a, 0), scalar_arg(a, 1), scalar_arg(a, 2))); });
    // rsub: other - alpha * self.
    def("aten::rsub.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor",
        K { return one(sub(tensor_arg(a, 1), tensor_arg(a, 0), scalar_arg(a, 2))); });
    def("aten::rsub.Scalar(Tensor self, Scalar other, Scalar alpha=1) -> Tensor", K {
        const Tensor& x = tensor_arg(a, 0);
        const Scalar alpha = scalar_arg(a, 2);
        const bool unit = !alpha.is_floating() && alpha.to_int() == 1;
        return one(rsub(unit ? x : mul(x, alpha), scalar_arg(a, 1)));
    });
    def("aten::mul.Tensor(Tensor self, Tensor other) -> Tensor",
        K { return one(mul(tensor_arg(a, 0), tensor_arg(a, 1))); });
    def("aten::mul.Scalar(Tensor self, Scalar other) -> Tensor",
        K { return one(mul(tensor_arg(a, 0), scalar_arg(a, 1))); });
    def("aten::div.Tensor(Tensor self, Tensor other) -> Tensor",
        K { return one(div(tensor_arg(a, 0), tensor_arg(a, 1))); });
    def("aten::div.Scalar(Tensor self, Scalar other) -> Tensor",
        K { return one(div(tensor_arg(a, 0), scalar_arg(a, 1))); });
    def("aten::div.Tensor_mode(Tensor self, Tensor other, *, str? rounding_mode) -> Tensor", K {
        return one(div(tensor_arg(a, 0), tensor_arg(a, 1), a.at(2).is_none() ? std::string() : str_arg(a, 2)));
    });
    def("aten::div.Scalar_mode(Tensor self, Scalar other, *, str? rounding_mode) -> Tensor", K {
        return one(div(tensor_arg(a, 0), scalar_arg(a, 1), a.at(2).is_none() ? std::string() : str_arg(a, 2)));
    });
    def("aten::floor_divide(Tensor self, Tensor other) -> Tensor",
        K { return one(floor_divide(tensor_arg(a, 0), tensor_arg(a, 1))); });
    def("aten::floor_divide.Scalar(Tensor self, Scalar other) -> Tensor",
        K { return one(floor_divide(tensor_arg(a, 0), scalar_arg(a, 1))); });
    def("aten::remainder.Tensor(Tensor self, Tensor other) -> Tensor",
        K { return one(remainder(tensor_arg(a, 0), tensor_arg(a, 1))); });
    def("aten::remainder.Scalar(Tensor self, Scalar other) -> Tensor",
        K { return one(remainder(tensor_arg(a, 0), scalar_arg(a, 1))); });
    def("aten::fmod.Tensor(Tensor self, Tensor other) -> Tensor",
        K { return one(fmod(tensor_arg(a, 0), tensor_arg(a, 1))); });
    def("aten::fmod.Scalar(Tensor self, Scalar other) -> Tensor",
        K { return one(fmod(tensor_arg(a, 0), scalar_arg(a, 1))); });
    // TorchScript's `t %= y` (getAugOp picks fmod_, not remainder_).
    def("aten::fmod_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", K {
        const Tensor y = tensor_arg(a, 1);
        return one(inplace_via(tensor_arg(a, 0), {y}, [&](const Tensor& x) { return fmod(x, y); }));
    });
    def("aten::fmod_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", K {
        const Scalar y = scalar_arg(a, 1);
        return one(inplace_via(tensor_arg(a, 0), {}, [&](const Tensor& x) { return fmod(x, y); }));
    });
    def("aten::maximum(Tensor self, Tensor other) -> Tensor",
        K { return one(maximum(tensor_arg(a, 0), tensor_arg(a, 1))); });
    def("aten::minimum(Tensor self, Tensor other) -> Tensor",
        K { return one(minimum(tensor_arg(a, 0), tensor_arg(a, 1))); });
    def("aten::atan2(Tensor self, Tensor other) -> Tensor",
        K { return one(atan2(tensor_arg(a, 0), tensor_arg(a, 1))); });

    // ---- comparisons and logic ----
#define COMPARE(name)                                                                        \
    def("aten::" #name ".Tensor(Tensor self, Tensor other) -> Tensor",                      \
        K { return one(name(tensor_arg(a, 0), tensor_arg(a, 1))); });                       \
    def("aten::" #name ".Scalar(Tensor self, Scalar other) -> Tensor",                      \
        K { return one(name(tensor_arg(a, 0), scalar_arg(a, 1))); });
    COMPARE(eq) COMPARE(ne) COMPARE(lt) COMPARE(le) COMPARE(gt) COMPARE(ge)
#undef COMPARE
    def("aten::logical_and(Tensor self, Tensor other) -> Tensor",
        K { return one(logical_and(tensor_arg(a, 0), tensor_arg(a, 1))); });
    def("aten::logical_or(Tensor self, Tensor other) -> Tensor",
        K { return one(logical_or(tensor_arg(a, 0), tensor_arg(a, 1))); });
    def("aten::logical_xor(Tensor self, Tensor other) -> Tensor",
        K { return one(logical_xor(tensor_arg(a, 0), tensor_arg(a, 1))); });
    def("aten::where.self(Tensor condition, Tensor self, Tensor other) -> Tensor",
        K { return one(where(tensor_arg(a, 0), tensor_arg(a, 1), tensor_arg(a, 2))); });
    def("aten::where.ScalarSelf(Tensor condition, Scalar self, Tensor other) -> Tensor",
        K { return one(where(tensor_arg(a, 0), scalar_arg(a, 1), tensor_arg(a, 2))); });
    def("aten::where.ScalarOther(Tensor condition, Tensor self, Scalar other) -> Tensor",
        K { return one(where(tensor_arg(a, 0), tensor_arg(a, 1), scalar_arg(a, 2))); });
    def("aten::masked_fill.Scalar(Tensor self, Tensor mask, Scalar value) -> Tensor",
        K { return one(masked_fill(tensor_arg(a, 0), tensor_arg(a, 1), scalar_arg(a, 2))); });
    // masked_fill.Tensor takes a 0-dim value tensor (PyTorch's check and message).
    def("aten::masked_fill.Tensor(Tensor self, Tensor mask, Tensor value) -> Tensor", K {
        const Tensor& v = tensor_arg(a, 2);
        KILN_CHECK(v.dim() == 0, RuntimeError,
                   "masked_fill_ only supports a 0-dimensional value tensor, but got tensor with ", v.dim(),
                   " dimension(s).");
        return one(masked_fill(tensor_arg(a, 0), tensor_arg(a, 1), v.item()));
    });

    // ---- in place ----
    def("aten::add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)", K {
        Tensor x = tensor_arg(a, 0);
        return one(add_(x, tensor_arg(a, 1), scalar_arg(a, 2)));
    });
    def("aten::add_.Scalar(Tensor(a!) self, Scalar other, Scalar alpha=1) -> Tensor(a!)", K {
        Tensor x = tensor_arg(a, 0);
        return one(add_(x, scalar_arg(a, 1), scalar_arg(a, 2)));
    });
    def("aten::sub_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)", K {
        Tensor x = tensor_arg(a, 0);
        return one(sub_(x, tensor_arg(a, 1), scalar_arg(a, 2)));
    });
    def("aten::sub_.Scalar(Tensor(a!) self, Scalar other, Scalar alpha=1) -> Tensor(a!)", K {
        Tensor x = tensor_arg(a, 0);
        return one(sub_(x, wrapped_scalar(scalar_arg(a, 1)), scalar_arg(a, 2)));
    });
    def("aten::mul_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", K {
        Tensor x = tensor_arg(a, 0);
        return one(mul_(x, tensor_arg(a, 1)));
    });
    def("aten::mul_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", K {
        Tensor x = tensor_arg(a, 0);
        return one(mul_(x, scalar_arg(a, 1)));
    });
    def("aten::div_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", K {
        Tensor x = tensor_arg(a, 0);
        return one(div_(x, tensor_arg(a, 1)));
    });
    def("aten::div_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", K {
        Tensor x = tensor_arg(a, 0);
        return one(div_(x, scalar_arg(a, 1)));
    });
    def("aten::zero_(Tensor(a!) self) -> Tensor(a!)", K {
        Tensor x = tensor_arg(a, 0);
        return one(zero_(x));
    });
    def("aten::fill_.Scalar(Tensor(a!) self, Scalar value) -> Tensor(a!)", K {
        Tensor x = tensor_arg(a, 0);
        return one(fill_(x, scalar_arg(a, 1)));
    });
    def("aten::fill_.Tensor(Tensor(a!) self, Tensor value) -> Tensor(a!)", K {
        Tensor x = tensor_arg(a, 0);
        const Tensor& v = tensor_arg(a, 1);
        KILN_CHECK(v.dim() == 0, RuntimeError,
                   "fill_ only supports 0-dimension value tensor but got tensor with ", v.dim(), " dimensions.");
        return one(fill_(x, v.item()));
    });
    def("aten::clamp_(Tensor(a!) self, Scalar? min=None, Scalar? max=None) -> Tensor(a!)", K {
        Tensor x = tensor_arg(a, 0);
        return one(clamp_(x, opt_scalar(a, 1), opt_scalar(a, 2)));
    });
    def("aten::relu_(Tensor(a!) self) -> Tensor(a!)", K {
        Tensor x = tensor_arg(a, 0);
        return one(relu_(x));
    });
    def("aten::masked_fill_.Scalar(Tensor(a!) self, Tensor mask, Scalar value) -> Tensor(a!)", K {
        Tensor x = tensor_arg(a, 0);
        return one(masked_fill_(x, tensor_arg(a, 1), scalar_arg(a, 2)));
    });
    def("aten::addcmul_(Tensor(a!) self, Tensor tensor1, Tensor tensor2, *, Scalar value=1) -> Tensor(a!)", K {
        Tensor x = tensor_arg(a, 0);
        return one(addcmul_(x, tensor_arg(a, 1), tensor_arg(a, 2), scalar_arg(a, 3)));
    });
    def("aten::addcdiv_(Tensor(a!) self, Tensor tensor1, Tensor tensor2, *, Scalar value=1) -> Tensor(a!)", K {
        Tensor x = tensor_arg(a, 0);
        return one(addcdiv_(x, tensor_arg(a, 1), tensor_arg(a, 2), scalar_arg(a, 3)));
    });
    def("aten::lerp_.Scalar(Tensor(a!) self, Tensor end, Scalar weight) -> Tensor(a!)", K {
        Tensor x = tensor_arg(a, 0);
        return one(lerp_(x, tensor_arg(a, 1), scalar_arg(a, 2)));
    });
    // The functional forms of the ternary updates (what functionalization turns an optimizer's
    // addcdiv_/lerp_ into): the in-place kernel on a broadcast copy of self (ops/pointwise.cpp), so
    // the values round as the in-place ops do.
    def("aten::addcmul(Tensor self, Tensor tensor1, Tensor tensor2, *, Scalar value=1) -> Tensor", K {
        return one(addcmul(tensor_arg(a, 0), tensor_arg(a, 1), tensor_arg(a, 2), scalar_arg(a, 3)));
    });
    def("aten::addcdiv(Tensor self, Tensor tensor1, Tensor tensor2, *, Scalar value=1) -> Tensor", K {
        return one(addcdiv(tensor_arg(a, 0), tensor_arg(a, 1), tensor_arg(a, 2), scalar_arg(a, 3)));
    });
    // a tensor weight (nanochat's compiled AdamW: `exp_avg.lerp_(grad, 1 - beta1_t)` with a 0-d
    // tensor): the composition the Tensor methods use (ops/composite.h); in place, the result must keep
    // self's shape (the weight may not broadcast it larger).
    def("aten::lerp.Tensor(Tensor self, Tensor end, Tensor weight) -> Tensor",
        K { return one(lerp(tensor_arg(a, 0), tensor_arg(a, 1), tensor_arg(a, 2))); });
    def("aten::lerp_.Tensor(Tensor(a!) self, Tensor end, Tensor weight) -> Tensor(a!)", K {
        Tensor x = tensor_arg(a, 0);
        const Tensor end = tensor_arg(a, 1), w = tensor_arg(a, 2);
        return one(inplace_via(x, {end, w}, [&](const Tensor& t) { return lerp(t, end, w); }));
    });
    def("aten::lerp.Scalar(Tensor self, Tensor end, Scalar weight) -> Tensor", K {
        return one(lerp(tensor_arg(a, 0), tensor_arg(a, 1), scalar_arg(a, 2)));
    });
    // The functional forms of zero_/fill_/copy_ (what functionalization turns them into): a new
    // tensor with self's layout holding the result.
    def("aten::zero(Tensor self) -> Tensor", K {
        Tensor x = clone(tensor_arg(a, 0));
        return one(zero_(x));
    });
    def("aten::fill.Scalar(Tensor self, Scalar value) -> Tensor", K {
        Tensor x = clone(tensor_arg(a, 0));
        return one(fill_(x, scalar_arg(a, 1)));
    });
    def("aten::fill.Tensor(Tensor self, Tensor value) -> Tensor", K {
        const Tensor& v = tensor_arg(a, 1);
        KILN_CHECK(v.dim() == 0, RuntimeError,
                   "fill_ only supports 0-dimension value tensor but got tensor with ", v.dim(), " dimensions.");
        Tensor x = clone(tensor_arg(a, 0));
        return one(fill_(x, v.item()));
    });
    def("aten::copy(Tensor self, Tensor src, bool non_blocking=False) -> Tensor", K {
        Tensor x = clone(tensor_arg(a, 0));
        return one(copy_(x, tensor_arg(a, 1)));
    });
    def("aten::copy_(Tensor(a!) self, Tensor src, bool non_blocking=False) -> Tensor(a!)", K {
        Tensor x = tensor_arg(a, 0);
        return one(copy_(x, tensor_arg(a, 1)));
    });
}

}  // namespace kiln::graph
