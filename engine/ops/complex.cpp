// Complex tensors (complex64, complex128) as real ops on their parts; see ops.h's complex.cpp section.
//
// A complex tensor's storage holds (real, imag) pairs of its real dtype, so view_as_real is a view
// with doubled strides and a trailing dimension of 2. Every complex op here splits its operands
// into real and imaginary parts (select on view_as_real: views, differentiable), computes with the
// real ops and joins the parts again (stack + view_as_complex). The autograd graph is therefore
// one of real ops between ViewAsReal/ViewAsComplex nodes, which gives PyTorch's gradients for
// real-valued losses (grad = dL/dRe + i dL/dIm) without complex backward formulas.
#include <cmath>
#include <cstring>

#include "autograd/grad_mode.h"
#include "autograd/node.h"
#include "ops/complex_unary.h"
#include "ops/ops.h"
#include "support/error.h"

namespace kiln {

using autograd::Grads;

namespace {

// A view of `base`'s storage with the given layout and dtype; no autograd.
Tensor raw_view(const Tensor& base, Shape sizes, Shape strides, int64_t offset, DType dt) {
    auto impl = std::make_shared<TensorImpl>();
    impl->storage = base.impl()->storage;
    impl->sizes = std::move(sizes);
    impl->strides = std::move(strides);
    impl->offset = offset;
    impl->dtype = dt;
    return Tensor(std::move(impl));
}

// A view op's output: base and the differentiable-view fields as make_view (views.cpp) sets them.
Tensor view_of(const Tensor& t, Shape sizes, Shape strides, int64_t offset, DType dt) {
    Tensor v = raw_view(t, std::move(sizes), std::move(strides), offset, dt);
    TensorImpl* impl = v.impl();
    impl->base = t.impl()->base ? t.impl()->base : t.impl_ptr();
    impl->diff_view = autograd::grad_enabled();
    mark_view_creation(*impl, *t.impl());
    impl->version_counter = t.impl()->version_counter;  // a view shares its base's counter
    impl->view_version = impl->storage->version;
    return v;
}

// The real (k = 0) or imaginary (k = 1) part of a complex tensor as a raw strided view.
Tensor raw_part(const Tensor& z, int k) {
    Shape strides = z.strides();
    for (auto& s : strides) s *= 2;
    return raw_view(z, z.sizes(), strides, z.storage_offset() * 2 + k, dtype_to_real(z.dtype()));
}

Tensor as_real_view(const Tensor& z);

// Real and imaginary parts of an operand in the real dtype of `cdt` (differentiable). A real
// operand has no imaginary part (undefined).
struct Parts {
    Tensor re, im;
};
Parts parts(const Tensor& t, DType cdt) {
    const DType rdt = dtype_to_real(cdt);
    if (!t.is_complex()) return {to_dtype(t, rdt), Tensor()};
    Tensor r = as_real_view(t);  // a conjugated tensor's values are already materialised
    return {to_dtype(select(r, -1, 0), rdt), to_dtype(select(r, -1, 1), rdt)};
}

// re + i im as a new complex tensor (im undefined: zero), broadcast to a common shape.
Tensor join(Tensor re, Tensor im) {
    if (!im.defined()) im = zeros_like(re);
    if (re.sizes() != im.sizes()) {
        const Shape s = broadcast_shapes(re.sizes(), im.sizes());
        re = expand(re, s);
        im = expand(im, s);
    }
    return view_as_complex(stack({re, im}, -1));
}

// a + b and a - b with undefined meaning zero.
Tensor plus(const Tensor& a, const Tensor& b) { return !a.defined() ? b : !b.defined() ? a : add(a, b); }
Tensor minus(const Tensor& a, const Tensor& b) { return !b.defined() ? a : !a.defined() ? neg(b) : sub(a, b); }
Tensor times(const Tensor& a, const Tensor& b) { return a.defined() && b.defined() ? mul(a, b) : Tensor(); }

DType complex_result(const Tensor& a, const Tensor& b) { return dtype_to_complex(result_type({a, b})); }

}  // namespace

Tensor complex_as_real_raw(const Tensor& z) {
    Shape sizes = z.sizes(), strides = z.strides();
    for (auto& s : strides) s *= 2;
    sizes.push_back(2);
    strides.push_back(1);
    return raw_view(z, sizes, strides, z.storage_offset() * 2, dtype_to_real(z.dtype()));
}

Tensor view_as_real(const Tensor& z) {
    KILN_CHECK(z.is_complex(), RuntimeError, "view_as_real is only supported for complex tensors");
    KILN_CHECK(!z.impl()->conj_bit, RuntimeError,
               "view_as_real doesn't work on unresolved conjugated tensors.  To resolve the conjugate tensor so you can "
               "view it as real, use self.resolve_conj(); however, be warned that the resulting tensor will NOT alias "
               "the original.");
    return as_real_view(z);
}

namespace {
// view_as_real without the conjugate-bit check (Kiln's conjugates hold their values).
Tensor as_real_view(const Tensor& z) {
    Shape sizes = z.sizes(), strides = z.strides();
    for (auto& s : strides) s *= 2;
    sizes.push_back(2);
    strides.push_back(1);
    Tensor out = view_of(z, sizes, strides, z.storage_offset() * 2, dtype_to_real(z.dtype()));
    if (autograd::needs_grad({z}))
        autograd::record("ViewAsRealBackward0", {z}, {out},
                         [](const Grads& g) { return Grads{view_as_complex(contiguous(g[0]))}; });
    return out;
}
}  // namespace

Tensor view_as_complex(const Tensor& x) {
    KILN_CHECK(x.dtype() == DType::Float32 || x.dtype() == DType::Float64 || x.dtype() == DType::Float16, RuntimeError,
               "view_as_complex is only supported for half, float and double tensors, but got a tensor of scalar type: ",
               dtype_scalar_type_name(x.dtype()));
    KILN_CHECK(x.dim() > 0, RuntimeError, "Input tensor must have one or more dimensions");
    KILN_CHECK(x.size(-1) == 2, RuntimeError, "Tensor must have a last dimension of size 2");
    KILN_CHECK(x.stride(-1) == 1, RuntimeError, "Tensor must have a last dimension with stride 1");
    Shape sizes(x.sizes().begin(), x.sizes().end() - 1), strides;
    for (size_t i = 0; i + 1 < x.sizes().size(); ++i) {
        const int64_t st = x.strides()[i];
        KILN_CHECK(x.sizes()[i] == 1 || st % 2 == 0, RuntimeError,
                   "Tensor must have a stride divisible by 2 for all but last dimension");
        strides.push_back(st / 2);
    }
    KILN_CHECK(x.storage_offset() % 2 == 0, RuntimeError, "Tensor must have a storage_offset divisible by 2");
    KILN_CHECK(x.dtype() != DType::Float16, RuntimeError, "view_as_complex: complex32 (ComplexHalf) is not supported in Kiln");
    Tensor out = view_of(x, sizes, strides, x.storage_offset() / 2, dtype_to_complex(x.dtype()));
    if (autograd::needs_grad({x}))
        autograd::record("ViewAsComplexBackward0", {x}, {out},
                         [](const Grads& g) { return Grads{as_real_view(contiguous(g[0]))}; });
    return out;
}

Tensor real(const Tensor& z) { return z.is_complex() ? select(as_real_view(z), -1, 0) : z; }

Tensor imag(const Tensor& z) {
    KILN_CHECK(z.is_complex(), RuntimeError, "imag is not implemented for tensors with non-complex dtypes.");
    return select(as_real_view(z), -1, 1);
}

namespace {
void check_complex_parts(const Tensor& a, const Tensor& b) {
    auto ok = [](DType d) { return d == DType::Float32 || d == DType::Float64 || d == DType::Float16; };
    KILN_CHECK(ok(a.dtype()) && ok(b.dtype()), RuntimeError, "Expected both inputs to be Half, Float or Double tensors but got ",
               dtype_scalar_type_name(a.dtype()), " and ", dtype_scalar_type_name(b.dtype()));
    KILN_CHECK(a.dtype() == b.dtype(), RuntimeError, "Expected object of scalar type ", dtype_scalar_type_name(a.dtype()),
               " but got scalar type ", dtype_scalar_type_name(b.dtype()), " for second argument");
}
}  // namespace

Tensor complex(const Tensor& re, const Tensor& im) {
    check_complex_parts(re, im);
    return join(re, im);
}

Tensor polar(const Tensor& abs, const Tensor& angle) {
    check_complex_parts(abs, angle);
    return join(mul(abs, cos(angle)), mul(abs, sin(angle)));
}

Tensor conj(const Tensor& z) {
    if (!z.is_complex()) return z;
    Tensor out;
    {
        autograd::NoGradGuard ng;
        Parts p = parts(z, z.dtype());
        out = join(p.re, neg(p.im));
    }
    out.impl()->conj_bit = !z.impl()->conj_bit;
    // one node, as PyTorch's conj view records: the gradient is the conjugate of the output's
    if (autograd::needs_grad({z}))
        autograd::record("ConjBackward0", {z}, {out}, [](const Grads& g) { return Grads{conj(g[0])}; });
    return out;
}

Tensor resolve_conj(const Tensor& z) {
    if (!z.impl()->conj_bit) return z;
    // The values are already conjugated: a copy without the bit (PyTorch's result does not alias).
    Tensor out = Tensor::empty(z.sizes(), z.dtype(), z.device());
    copy_complex(out, z, [](const Tensor& d, const Tensor& s) {
        Tensor dd = d;
        autograd::NoGradGuard ng;
        copy_(dd, s);
    });
    if (autograd::needs_grad({z}))
        autograd::record("CloneBackward0", {z}, {out}, [](const Grads& g) { return g; });
    return out;
}

Tensor angle(const Tensor& z) {
    if (z.is_complex()) {
        Parts p = parts(z, z.dtype());
        return atan2(p.im, p.re);
    }
    // Real input: pi for negatives, 0 otherwise, nan kept (angle(x) = atan2(0, x) with nan passing).
    Tensor x = z.is_floating_point() ? z : to_dtype(z, default_float_dtype());
    return atan2(zeros_like(x), x);
}

Tensor complex_add(const Tensor& a, const Tensor& b, Scalar alpha, bool subtract) {
    const DType cdt = complex_result(a, b);
    Parts pa = parts(a, cdt), pb = parts(b, cdt);
    const bool unit = !alpha.is_complex() && alpha.to_double() == 1.0;
    if (!unit) {  // b * alpha (complex alpha included)
        Tensor al = wrapped_scalar(alpha);
        Parts q = parts(al, cdt);
        Parts scaled{minus(times(pb.re, q.re), times(pb.im, q.im)), plus(times(pb.re, q.im), times(pb.im, q.re))};
        pb = scaled;
    }
    if (subtract) return join(minus(pa.re, pb.re), minus(pa.im, pb.im));
    return join(plus(pa.re, pb.re), plus(pa.im, pb.im));
}

Tensor complex_mul(const Tensor& a, const Tensor& b) {
    const DType cdt = complex_result(a, b);
    Parts pa = parts(a, cdt), pb = parts(b, cdt);
    return join(minus(times(pa.re, pb.re), times(pa.im, pb.im)), plus(times(pa.re, pb.im), times(pa.im, pb.re)));
}

Tensor complex_div(const Tensor& a, const Tensor& b) {
    const DType cdt = complex_result(a, b);
    Parts pa = parts(a, cdt), pb = parts(b, cdt);
    if (!pb.im.defined()) {
        Tensor im = pa.im.defined() ? div(pa.im, pb.re) : Tensor();
        return join(div(pa.re, pb.re), im);
    }
    // (a.re + i a.im)(b.re - i b.im) / |b|^2
    Tensor den = add(mul(pb.re, pb.re), mul(pb.im, pb.im));
    Tensor re = plus(times(pa.re, pb.re), times(pa.im, pb.im));
    Tensor im = minus(times(pa.im, pb.re), times(pa.re, pb.im));
    return join(div(re, den), div(im, den));
}

Tensor complex_neg(const Tensor& z) {
    Parts p = parts(z, z.dtype());
    return join(neg(p.re), neg(p.im));
}

Tensor complex_exp(const Tensor& z) {
    Parts p = parts(z, z.dtype());
    Tensor m = exp(p.re);
    return join(mul(m, cos(p.im)), mul(m, sin(p.im)));
}

Tensor complex_pow(const Tensor& x, Scalar e) {
    Tensor z = x.is_complex() ? x : to_dtype(x, dtype_to_complex(x.is_floating_point() ? x.dtype() : default_float_dtype()));
    const double er = e.to_double(), ei = e.imag();
    if (ei == 0 && er == std::floor(er) && std::fabs(er) <= 64) {
        int64_t n = int64_t(std::fabs(er));
        Parts p = parts(z, z.dtype());
        Tensor result = join(ones_like(p.re), Tensor());
        Tensor base = z;
        for (; n > 0; n >>= 1) {  // binary exponentiation
            if (n & 1) result = complex_mul(result, base);
            if (n > 1) base = complex_mul(base, base);
        }
        return er < 0 ? complex_div(wrapped_scalar(Scalar(int64_t(1))), result) : result;
    }
    Parts p = parts(z, z.dtype());
    Tensor log_abs = log(sqrt(add(mul(p.re, p.re), mul(p.im, p.im))));
    Tensor arg = atan2(p.im, p.re);
    // z^e = exp(e * log z), log z = log|z| + i arg z
    Tensor re = sub(mul(log_abs, Scalar(er)), mul(arg, Scalar(ei)));
    Tensor im = add(mul(arg, Scalar(er)), mul(log_abs, Scalar(ei)));
    Tensor m = exp(re);
    return join(mul(m, cos(im)), mul(m, sin(im)));
}

// |z| with PyTorch's AbsBackward0: grad * sgn(z), where sgn(0) = 0. Composed autograd through
// sqrt(re^2 + im^2) would give 0 * inf = nan at z = 0 (a zero frequency bin of an stft, a padded
// complex entry), where PyTorch's gradient is 0.
Tensor complex_abs(const Tensor& z) {
    Tensor out;
    {
        autograd::NoGradGuard no_grad;
        Parts p = parts(z, z.dtype());
        out = sqrt(add(mul(p.re, p.re), mul(p.im, p.im)));
    }
    if (autograd::needs_grad({z})) {
        autograd::SavedTensor sz(z), so = autograd::SavedTensor::output(out);
        autograd::record("AbsBackward0", {z}, {out}, [sz, so](const Grads& g) {
            Tensor zv = sz.get(), mag = so.get();
            Parts p = parts(zv, zv.dtype());
            // sgn(z) = z / |z|; where |z| = 0 both parts are 0, so dividing them by 1 there gives sgn(0) = 0.
            Tensor safe = where(eq(mag, Scalar(0.0)), ones_like(mag), mag);
            return Grads{join(mul(div(p.re, safe), g[0]), mul(div(p.im, safe), g[0]))};
        });
    }
    return out;
}

// torch.sgn: z / |z| with |z| = sqrt(re^2 + im^2) (ATen's vectorized complex abs_) and 0 at z = 0.
// SgnBackward0 is FunctionsManual's sgn_backward for complex input,
//   (g - sgn^2 * conj(g)) / (2 |z|), 0 where |z| = 0,
// written on the parts: with sgn = a + ib and g = gr + i gi, sgn^2 conj(g) =
// ((a^2 - b^2) gr + 2ab gi) + i (2ab gr - (a^2 - b^2) gi).
Tensor complex_sgn(const Tensor& z) {
    Tensor out;
    {
        autograd::NoGradGuard no_grad;
        Parts p = parts(z, z.dtype());
        Tensor mag = sqrt(add(mul(p.re, p.re), mul(p.im, p.im)));
        Tensor safe = where(eq(mag, Scalar(0.0)), ones_like(mag), mag);
        out = join(div(p.re, safe), div(p.im, safe));
    }
    if (autograd::needs_grad({z})) {
        autograd::SavedTensor sz(z), so = autograd::SavedTensor::output(out);
        autograd::record("SgnBackward0", {z}, {out}, [sz, so](const Grads& g) {
            Tensor zv = sz.get(), sv = so.get();
            Parts zp = parts(zv, zv.dtype()), sp = parts(sv, sv.dtype()), gp = parts(g[0], zv.dtype());
            if (!gp.im.defined()) gp.im = zeros_like(gp.re);
            Tensor mag = sqrt(add(mul(zp.re, zp.re), mul(zp.im, zp.im)));
            Tensor a2b2 = sub(mul(sp.re, sp.re), mul(sp.im, sp.im));
            Tensor ab2 = mul(mul(sp.re, sp.im), Scalar(2.0));
            Tensor nr = sub(gp.re, add(mul(a2b2, gp.re), mul(ab2, gp.im)));
            Tensor ni = sub(gp.im, sub(mul(ab2, gp.re), mul(a2b2, gp.im)));
            Tensor zero = eq(mag, Scalar(0.0));
            Tensor den = where(zero, ones_like(mag), mul(mag, Scalar(2.0)));
            Tensor nil = zeros_like(mag);
            return Grads{join(where(zero, nil, div(nr, den)), where(zero, nil, div(ni, den)))};
        }, {{"self", sz}, {"result", so}});
    }
    return out;
}

namespace {
// The complex forms of the elementary functions, as c10's complex_math / libm's c* functions define
// them, written on the parts with real ops (so autograd composes through them).
// |t| with the sign of y, -0.0 counting as negative (std::copysign; t >= 0 here)
Tensor cx_copysign(const Tensor& t, const Tensor& y) {
    Tensor negative = lt(where(eq(y, Scalar(0.0)), reciprocal(y), y), Scalar(0.0));
    return where(negative, neg(t), t);
}

Tensor cx_log(const Tensor& z) {
    Parts p = parts(z, z.dtype());
    return join(log(hypot(p.re, p.im)), atan2(p.im, p.re));
}

// csqrt's stable form: t = sqrt((|x| + |z|) / 2); x >= 0 gives (t, y / 2t), x < 0 gives
// (|y| / 2t, copysign(t, y)); 0 at z = 0.
Tensor cx_sqrt(const Tensor& z) {
    Parts p = parts(z, z.dtype());
    Tensor t = sqrt(mul(add(abs(p.re), hypot(p.re, p.im)), Scalar(0.5)));
    Tensor zero = eq(t, Scalar(0.0));
    Tensor two_t = where(zero, ones_like(t), mul(t, Scalar(2.0)));
    Tensor nonneg = ge(p.re, Scalar(0.0));
    Tensor other = div(p.im, two_t);                          // y / 2t
    Tensor re = where(nonneg, t, abs(other));
    Tensor im = where(nonneg, other, cx_copysign(t, p.im));
    Tensor nil = zeros_like(t);
    return join(where(zero, nil, re), where(zero, cx_copysign(nil, p.im), im));
}

// sin(x + iy) = sin x cosh y + i cos x sinh y, and the others alike.
Tensor cx_sin(const Tensor& z) {
    Parts p = parts(z, z.dtype());
    return join(mul(sin(p.re), cosh(p.im)), mul(cos(p.re), sinh(p.im)));
}
Tensor cx_cos(const Tensor& z) {
    Parts p = parts(z, z.dtype());
    return join(mul(cos(p.re), cosh(p.im)), neg(mul(sin(p.re), sinh(p.im))));
}
Tensor cx_sinh(const Tensor& z) {
    Parts p = parts(z, z.dtype());
    return join(mul(sinh(p.re), cos(p.im)), mul(cosh(p.re), sin(p.im)));
}
Tensor cx_cosh(const Tensor& z) {
    Parts p = parts(z, z.dtype());
    return join(mul(cosh(p.re), cos(p.im)), mul(sinh(p.re), sin(p.im)));
}
// tanh(x + iy) = (sinh 2x + i sin 2y) / (cosh 2x + cos 2y)
Tensor cx_tanh(const Tensor& z) {
    Parts p = parts(z, z.dtype());
    Tensor x2 = mul(p.re, Scalar(2.0)), y2 = mul(p.im, Scalar(2.0));
    Tensor den = add(cosh(x2), cos(y2));
    return join(div(sinh(x2), den), div(sin(y2), den));
}
// tan(x + iy) = (sin 2x + i sinh 2y) / (cos 2x + cosh 2y)
Tensor cx_tan(const Tensor& z) {
    Parts p = parts(z, z.dtype());
    Tensor x2 = mul(p.re, Scalar(2.0)), y2 = mul(p.im, Scalar(2.0));
    Tensor den = add(cos(x2), cosh(y2));
    return join(div(sin(x2), den), div(sinh(y2), den));
}
// i z and -i z
Tensor cx_times_i(const Tensor& z, bool negative) {
    Parts p = parts(z, z.dtype());
    return negative ? join(p.im, neg(p.re)) : join(neg(p.im), p.re);
}
Tensor cx_one(const Tensor& z) { return wrapped_scalar(Scalar(int64_t(1))); }
// asinh z = log(z + sqrt(z^2 + 1)); atanh z = (log(1 + z) - log(1 - z)) / 2;
// acosh z = log(z + sqrt(z + 1) sqrt(z - 1)); asin z = -i asinh(i z); atan z = -i atanh(i z);
// acos z = pi/2 - asin z
Tensor cx_asinh(const Tensor& z) {
    Tensor w = cx_sqrt(complex_add(complex_mul(z, z), cx_one(z), Scalar(int64_t(1)), false));
    return cx_log(complex_add(z, w, Scalar(int64_t(1)), false));
}
Tensor cx_atanh(const Tensor& z) {
    Tensor a = cx_log(complex_add(cx_one(z), z, Scalar(int64_t(1)), false));
    Tensor b = cx_log(complex_add(cx_one(z), z, Scalar(int64_t(1)), true));
    return complex_mul(complex_add(a, b, Scalar(int64_t(1)), true), wrapped_scalar(Scalar(0.5)));
}
Tensor cx_acosh(const Tensor& z) {
    Tensor a = cx_sqrt(complex_add(z, cx_one(z), Scalar(int64_t(1)), false));
    Tensor b = cx_sqrt(complex_add(z, cx_one(z), Scalar(int64_t(1)), true));
    return cx_log(complex_add(z, complex_mul(a, b), Scalar(int64_t(1)), false));
}
Tensor cx_asin(const Tensor& z) { return cx_times_i(cx_asinh(cx_times_i(z, false)), true); }
Tensor cx_atan(const Tensor& z) { return cx_times_i(cx_atanh(cx_times_i(z, false)), true); }
Tensor cx_acos(const Tensor& z) {
    return complex_add(wrapped_scalar(Scalar(M_PI / 2)), cx_asin(z), Scalar(int64_t(1)), true);
}
// c10's expm1: (expm1(x) cos y - 2 sin^2(y/2)) + i exp(x) sin y
Tensor cx_expm1(const Tensor& z) {
    Parts p = parts(z, z.dtype());
    Tensor a = sin(mul(p.im, Scalar(0.5)));
    return join(sub(mul(expm1(p.re), cos(p.im)), mul(mul(a, a), Scalar(2.0))), mul(exp(p.re), sin(p.im)));
}
Tensor cx_scale(const Tensor& z, double k) { return complex_mul(z, wrapped_scalar(Scalar(k))); }
}  // namespace

Tensor complex_unary_fn(const char* name, const Tensor& z) {
    if (std::strcmp(name, "sgn") == 0) return complex_sgn(z);
    struct Form {
        const char* name;
        Tensor (*fn)(const Tensor&);
    };
    static const Form forms[] = {
        {"sqrt", cx_sqrt},
        {"log", cx_log},
        {"log2", [](const Tensor& z) { return cx_scale(cx_log(z), 1.0 / M_LN2); }},
        {"log10", [](const Tensor& z) { return cx_scale(cx_log(z), 1.0 / M_LN10); }},
        {"log1p", [](const Tensor& z) { return cx_log(complex_add(z, cx_one(z), Scalar(int64_t(1)), false)); }},
        {"expm1", cx_expm1},
        {"rsqrt", [](const Tensor& z) { return complex_div(cx_one(z), cx_sqrt(z)); }},
        {"sin", cx_sin},
        {"cos", cx_cos},
        {"tan", cx_tan},
        {"sinh", cx_sinh},
        {"cosh", cx_cosh},
        {"tanh", cx_tanh},
        {"sigmoid",
         [](const Tensor& z) { return complex_div(cx_one(z), complex_add(cx_one(z), complex_exp(complex_neg(z)), Scalar(int64_t(1)), false)); }},
        {"asin", cx_asin},
        {"acos", cx_acos},
        {"atan", cx_atan},
        {"asinh", cx_asinh},
        {"acosh", cx_acosh},
        {"atanh", cx_atanh},
    };
    for (const Form& f : forms)
        if (std::strcmp(name, f.name) == 0) return f.fn(z);
    // UnaryOps.cpp's sign check, ahead of the dtype dispatch's refusal.
    KILN_CHECK(std::strcmp(name, "sign") != 0, RuntimeError,
               "Unlike NumPy, torch.sign is not intended to support complex numbers. Please use torch.sgn instead.");
    return Tensor();
}

Tensor complex_prod(const Tensor& z, std::optional<int64_t> dim, bool keepdim) {
    if (!dim) {
        Tensor flat = reshape(z, Shape{-1});
        Tensor r = complex_prod(flat, 0, false);
        if (keepdim) r = reshape(r, Shape(size_t(z.dim()), 1));
        return r;
    }
    const int64_t d = z.dim() == 0 ? 0 : wrap_dim(*dim, z.dim());
    if (z.dim() == 0) return mul(z, wrapped_scalar(Scalar(int64_t(1))));
    const int64_t n = z.sizes()[size_t(d)];
    Tensor acc;
    if (n == 0) {
        Shape s = z.sizes();
        s.erase(s.begin() + d);
        acc = join(ones(s, {dtype_to_real(z.dtype()), z.device()}), Tensor());
    } else {
        acc = select(z, d, 0);
        for (int64_t i = 1; i < n; ++i) acc = complex_mul(acc, select(z, d, i));
        if (n == 1) acc = mul(acc, wrapped_scalar(Scalar(int64_t(1))));  // a new tensor, not a view
    }
    return keepdim ? unsqueeze(acc, d) : acc;
}

Tensor complex_cumsum(const Tensor& z, int64_t dim) {
    if (z.dim() == 0) return mul(z, wrapped_scalar(Scalar(int64_t(1))));
    const int64_t d = wrap_dim(dim, z.dim());
    Parts p = parts(z, z.dtype());
    return join(cumsum(p.re, d), cumsum(p.im, d));
}

Tensor complex_cumprod(const Tensor& z, int64_t dim) {
    if (z.dim() == 0) return mul(z, wrapped_scalar(Scalar(int64_t(1))));
    const int64_t d = wrap_dim(dim, z.dim());
    const int64_t n = z.sizes()[size_t(d)];
    if (n == 0) return mul(z, wrapped_scalar(Scalar(int64_t(1))));
    std::vector<Tensor> outs;
    Tensor acc = select(z, d, 0);
    outs.push_back(acc);
    for (int64_t i = 1; i < n; ++i) {
        acc = complex_mul(acc, select(z, d, i));
        outs.push_back(acc);
    }
    return stack(outs, d);
}

Tensor complex_eq(const Tensor& a, const Tensor& b, bool not_equal) {
    const DType cdt = complex_result(a, b);
    Parts pa = parts(a, cdt), pb = parts(b, cdt);
    Tensor zero = zeros({}, {dtype_to_real(cdt)});
    Tensor ai = pa.im.defined() ? pa.im : zero, bi = pb.im.defined() ? pb.im : zero;
    if (not_equal) return logical_or(ne(pa.re, pb.re), ne(ai, bi));
    return logical_and(eq(pa.re, pb.re), eq(ai, bi));
}

Tensor complex_reduce(const Tensor& z, const std::vector<int64_t>& dims, bool keepdim, bool take_mean) {
    Parts p = parts(z, z.dtype());
    if (take_mean) return join(mean(p.re, dims, keepdim), mean(p.im, dims, keepdim));
    return join(sum(p.re, dims, keepdim), sum(p.im, dims, keepdim));
}

Tensor complex_matmul(const Tensor& a, const Tensor& b) {
    KILN_CHECK(a.dtype() == b.dtype(), RuntimeError, "expected m1 and m2 to have the same dtype, but got: ",
               dtype_cpp_name(a.dtype()), " != ", dtype_cpp_name(b.dtype()));
    Parts pa = parts(a, a.dtype()), pb = parts(b, b.dtype());
    return join(sub(matmul(pa.re, pb.re), matmul(pa.im, pb.im)), add(matmul(pa.re, pb.im), matmul(pa.im, pb.re)));
}

void copy_complex(const Tensor& dst, const Tensor& src, void (*real_copy)(const Tensor&, const Tensor&)) {
    if (dst.numel() == 0) return;
    if (dst.is_complex() && src.is_complex()) {
        real_copy(complex_as_real_raw(dst), complex_as_real_raw(src));
    } else if (dst.is_complex()) {
        real_copy(raw_part(dst, 0), src);
        Tensor zero = zeros({}, {dtype_to_real(dst.dtype()), dst.device()});
        real_copy(raw_part(dst, 1), raw_view(zero, dst.sizes(), Shape(dst.sizes().size(), 0), 0, zero.dtype()));
    } else {
        // Complex -> real keeps the real part (PyTorch warns "Casting complex values to real discards
        // the imaginary part").
        real_copy(dst, raw_part(src, 0));
    }
}

void fill_complex(const Tensor& t, Scalar value) {
    if (t.numel() == 0) return;
    const DType rdt = dtype_to_real(t.dtype());
    autograd::NoGradGuard ng;
    for (int k = 0; k < 2; ++k) {
        Tensor part = raw_part(t, k);
        Tensor v = full({}, Scalar(k == 0 ? value.to_double() : value.imag()), {rdt, t.device()});
        copy_(part, v);
    }
}

}  // namespace kiln
