// torch.special's scaled Bessel, normal-distribution, erfcx and zeta ops (see special_fns.h).
//
// Each value is computed in double and rounded to the result dtype (PyTorch's CPU kernels compute
// float in float with Cephes' float coefficients: the results agree to within an ulp or two), except
// ndtr, which is ATen's composite calc_ndtr ((1 + erf(x / sqrt 2)) / 2 in the result dtype: the far
// lower tail rounds to 0 in float32 as PyTorch prints it). CUDA inputs compute on a host copy.
// The algorithms: i0e/i1e the series / Hankel expansion of ops/pointwise_math.h's bessel_i with the
// exp(-|x|) factor folded in (no overflow for large |x|); erfcx exp(x^2) erfc(x) below 2 and the
// Laplace continued fraction of erfc above (its reflection 2 exp(x^2) - erfcx(-x) for x < 0);
// log_ndtr ATen's calc_log_ndtr (log(erfcx(-t) / 2) - t^2 below -1, log1p(-erfc(t) / 2) above);
// ndtri the Abramowitz-Stegun 26.2.23 start refined by Halley steps on the lower half (the upper
// half by symmetry, exact since 1 - p is); zeta pointwise_math.h's Cephes zeta.
#include "ops/special_fns.h"
#include "ops/special_fns_grad.h"

#include <cmath>
#include <limits>

#include "autograd/grad_mode.h"
#include "autograd/node.h"
#include "ops/composite.h"
#include "ops/ops.h"
#include "ops/pointwise_math.h"
#include "support/error.h"
#include "tensor/meta.h"
#include "tensor/parallel.h"

namespace kiln {

namespace {

constexpr double kSpecialSqrt2Pi = 2.50662827463100050242;
constexpr double kSpecialSqrtPi = 1.77245385090551602730;

double special_bessel_scaled(double x, int nu) {
    if (std::isnan(x)) return x;
    const double ax = std::fabs(x);
    double r;
    if (ax <= 20.0) {
        const double q = ax * ax / 4.0;
        double term = nu == 0 ? 1.0 : ax / 2.0, sum = term;
        for (int k = 1; k < 80 && term > sum * std::numeric_limits<double>::epsilon(); ++k) {
            term *= q / (double(k) * double(k + nu));
            sum += term;
        }
        r = sum * std::exp(-ax);
    } else if (std::isinf(ax)) {
        r = 0.0;
    } else {
        const double mu = double(4 * nu * nu);
        double term = 1.0, sum = 1.0;
        for (int k = 1; k < 30; ++k) {
            term *= -(mu - double((2 * k - 1) * (2 * k - 1))) / (double(8 * k) * ax);
            sum += term;
            if (std::fabs(term) <= sum * std::numeric_limits<double>::epsilon()) break;
        }
        r = sum / std::sqrt(2.0 * M_PI * ax);
    }
    return nu == 1 && x < 0 ? -r : r;
}

double special_erfcx_value(double x) {
    if (std::isnan(x)) return x;
    if (x < 0) {
        if (x < -26.7) return std::numeric_limits<double>::infinity();
        return 2.0 * std::exp(x * x) - special_erfcx_value(-x);
    }
    if (x < 2.0) return std::exp(x * x) * std::erfc(x);
    if (std::isinf(x)) return 0.0;
    // erfc(x) exp(x^2) sqrt(pi) = 1 / (x + (1/2) / (x + 1 / (x + (3/2) / (x + 2 / (x + ...)))))
    const int terms = x < 4.0 ? 160 : x < 10.0 ? 60 : 20;
    double f = x;
    for (int k = terms; k >= 1; --k) f = x + (double(k) * 0.5) / f;
    return 1.0 / (f * kSpecialSqrtPi);
}

double special_log_ndtr_value(double x) {
    const double t = x * M_SQRT1_2;
    if (x < -1.0) return std::log(special_erfcx_value(-t) / 2.0) - t * t;
    return std::log1p(-std::erfc(t) / 2.0);
}

double special_ndtri_value(double p) {
    if (std::isnan(p) || p < 0.0 || p > 1.0) return std::numeric_limits<double>::quiet_NaN();
    if (p == 0.0) return -std::numeric_limits<double>::infinity();
    if (p == 1.0) return std::numeric_limits<double>::infinity();
    if (p == 0.5) return 0.0;
    if (p > 0.5) return -special_ndtri_value(1.0 - p);
    const double t = std::sqrt(-2.0 * std::log(p));
    double x = -(t - (2.515517 + 0.802853 * t + 0.010328 * t * t) / (1.0 + 1.432788 * t + 0.189269 * t * t + 0.001308 * t * t * t));
    for (int i = 0; i < 4; ++i) {
        const double e = 0.5 * std::erfc(-x * M_SQRT1_2) - p;
        const double u = e * kSpecialSqrt2Pi * std::exp(x * x / 2.0);
        const double step = u / (1.0 + x * u / 2.0);
        x -= step;
        if (std::fabs(step) <= std::fabs(x) * 1e-17) break;
    }
    return x;
}


// The result dtype of a unary float op: integers and bool give the default float dtype.
DType special_float_dtype(const Tensor& x, const char* name) {
    KILN_CHECK(!x.is_complex(), NotImplementedError, "\"", name, "\" not implemented for '", dtype_scalar_type_name(x.dtype()), "'");
    return dtype_is_floating(x.dtype()) ? x.dtype() : default_float_dtype();
}

// out[i] = f(x[i]) over a float64 copy of x, rounded to dtype; on x's device.
template <typename F>
Tensor special_map(const Tensor& x, DType dtype, F f) {
    autograd::NoGradGuard no_grad;
    if (meta_mode() || x.is_meta()) return Tensor::empty(x.sizes(), dtype, x.device());
    Tensor src = contiguous(to_device(x.detach(), Device::CPU, DType::Float64));
    Tensor out = Tensor::empty(x.sizes(), DType::Float64);
    const double* s = src.data_ptr<double>();
    double* d = out.data_ptr<double>();
    parallel_for(0, x.numel(), 2048, [&](int64_t b, int64_t e) {
        for (int64_t i = b; i < e; ++i) d[i] = f(s[i]);
    });
    return to_device(out, x.device(), dtype);
}

Tensor special_unary(const Tensor& x, const char* name, double (*f)(double)) {
    return special_map(x, special_float_dtype(x, name), f);
}


}  // namespace

Tensor special_i0e(const Tensor& x) {
    Tensor out = special_unary(x, "special_i0e", [](double v) { return special_bessel_scaled(v, 0); });
    if (autograd::needs_grad({x})) {
        autograd::SavedTensor sx(x);
        autograd::SavedTensor sr = autograd::SavedTensor::output(out);
        autograd::record("SpecialI0EBackward0", {x}, {out}, [sx, sr](const autograd::Grads& g) {
            return autograd::Grads{special_grad::i0e(g[0], sx.get(), sr.get())};
        });
    }
    return out;
}

Tensor special_i1e(const Tensor& x) {
    Tensor out = special_unary(x, "special_i1e", [](double v) { return special_bessel_scaled(v, 1); });
    if (autograd::needs_grad({x})) {
        autograd::SavedTensor sx(x);
        autograd::SavedTensor sr = autograd::SavedTensor::output(out);
        autograd::record("SpecialI1EBackward0", {x}, {out}, [sx, sr](const autograd::Grads& g) {
            const Tensor self = sx.get();
            return autograd::Grads{special_grad::i1e(g[0], self, sr.get(), special_grad::i1e_eps(self.dtype()))};
        });
    }
    return out;
}

Tensor special_ndtr(const Tensor& x) {
    // ATen's special_ndtr is a composite (calc_ndtr: (1 + erf(x * M_SQRT1_2)) * 0.5), so autograd sees
    // its ops; written in C++, its last step is mul.Scalar, whose node PyTorch names MulBackward1.
    KILN_CHECK(!x.is_complex(), NotImplementedError, "\"special_ndtr\" not implemented for '", dtype_scalar_type_name(x.dtype()), "'");
    Tensor out = mul(add(erf(mul(x, Scalar(0.70710678118654752440))), Scalar(1.0)), Scalar(0.5));
    if (out.grad_fn() && out.grad_fn()->name == "MulBackward0") out.grad_fn()->name = "MulBackward1";
    return out;
}

Tensor special_ndtri(const Tensor& x) {
    Tensor out = special_unary(x, "special_ndtri", special_ndtri_value);
    if (autograd::needs_grad({x})) {
        autograd::SavedTensor sr = autograd::SavedTensor::output(out);
        autograd::record("SpecialNdtriBackward0", {x}, {out}, [sr](const autograd::Grads& g) {
            return autograd::Grads{special_grad::ndtri(g[0], sr.get())};
        });
    }
    return out;
}

Tensor special_log_ndtr(const Tensor& x) {
    Tensor out = special_unary(x, "special_log_ndtr", special_log_ndtr_value);
    if (autograd::needs_grad({x})) {
        autograd::SavedTensor sx(x);
        autograd::SavedTensor sr = autograd::SavedTensor::output(out);
        autograd::record("SpecialLogNdtrBackward0", {x}, {out}, [sx, sr](const autograd::Grads& g) {
            return autograd::Grads{special_grad::log_ndtr(g[0], sx.get(), sr.get())};
        });
    }
    return out;
}

Tensor special_erfcx(const Tensor& x) {
    Tensor out = special_unary(x, "special_erfcx", special_erfcx_value);
    if (autograd::needs_grad({x})) {
        autograd::SavedTensor sx(x);
        autograd::SavedTensor sr = autograd::SavedTensor::output(out);
        autograd::record("SpecialErfcxBackward0", {x}, {out}, [sx, sr](const autograd::Grads& g) {
            return autograd::Grads{special_grad::erfcx(g[0], sx.get(), sr.get())};
        });
    }
    return out;
}

Tensor special_zeta(const Tensor& x, const Tensor& q) {
    KILN_CHECK(!x.is_complex() && !q.is_complex(), NotImplementedError, "\"zeta\" not implemented for 'ComplexFloat'");
    DType dtype = result_type({x, q});
    if (!dtype_is_floating(dtype)) dtype = default_float_dtype();
    const Shape shape = broadcast_shapes(x.sizes(), q.sizes());
    Tensor out;
    {
        autograd::NoGradGuard no_grad;
        const Device dev = x.dim() == 0 && q.dim() > 0 ? q.device() : x.device();
        if (meta_mode() || x.is_meta() || q.is_meta()) {
            out = Tensor::empty(shape, dtype, dev);
        } else {
            Tensor xs = contiguous(expand(to_device(x.detach(), Device::CPU, DType::Float64), shape));
            Tensor qs = contiguous(expand(to_device(q.detach(), Device::CPU, DType::Float64), shape));
            Tensor r = Tensor::empty(shape, DType::Float64);
            const double* a = xs.data_ptr<double>();
            const double* b = qs.data_ptr<double>();
            double* d = r.data_ptr<double>();
            parallel_for(0, r.numel(), 512, [&](int64_t lo, int64_t hi) {
                for (int64_t i = lo; i < hi; ++i) d[i] = pw::zeta(a[i], b[i]);
            });
            out = to_device(r, dev, dtype);
        }
    }
    if (autograd::needs_grad({x, q})) {
        autograd::SavedTensor sx(x), sq(q);
        const bool x_grad = autograd::needs_grad({x});
        const Shape q_shape = q.sizes();
        autograd::record("SpecialZetaBackward0", {x, q}, {out}, [sx, sq, x_grad, q_shape](const autograd::Grads& g) {
            // derivatives.yaml: self: not_implemented("zeta"); other: grad * -self * special_zeta(self + 1., other)
            KILN_CHECK(!x_grad, RuntimeError, "the derivative for 'zeta' is not implemented.");
            const Tensor self = sx.get(), other = sq.get();
            Tensor gq = mul(mul(g[0], neg(self)), special_zeta(add(self, Scalar(1.0)), other));
            return autograd::Grads{Tensor(), autograd::sum_to(gq, q_shape)};
        });
    }
    return out;
}

}  // namespace kiln
