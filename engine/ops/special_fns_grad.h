// The backward formulas of torch.special's native ops (ops/special_fns.h), written once over either
// value type: eager autograd instantiates them with Tensors (special_fns.cpp's grad_fns) and AOT
// autograd with graph values (aot/derivatives.cpp's sym::V), so the compiled gradient is the eager
// one op for op. Each is derivatives.yaml's formula (i1e: FunctionsManual's i1e_backward). The
// calls are unqualified: a Tensor finds kiln's ops, a graph value its own overloads (by ADL).
#pragma once

#include <limits>

#include "tensor/dtype.h"

namespace kiln::special_grad {

constexpr double kSqrt2Pi = 2.50662827463100050242;
constexpr double kSqrtPi = 1.77245385090551602730;

// i0e: grad * (i1e(self) - sgn(self) * result)
template <class T>
T i0e(const T& g, const T& self, const T& result) {
    return mul(g, sub(special_i1e(self), mul(sgn(self), result)));
}

// i1e's cut-off: the epsilon of the input's dtype (float64's, else float32's).
inline double i1e_eps(DType dt) {
    return dt == DType::Float64 ? std::numeric_limits<double>::epsilon() : double(std::numeric_limits<float>::epsilon());
}

// i1e: grad * (i0e(x) - result * (sgn(x) + 1/x)), 0.5 where |x| <= eps (the dtype's epsilon)
template <class T>
T i1e(const T& g, const T& self, const T& result, double eps) {
    T not_tiny = gt(abs(self), Scalar(eps));
    T safe = where(not_tiny, self, full_like(self, Scalar(eps)));
    T gradx = sub(special_i0e(safe), mul(result, add(sgn(safe), reciprocal(safe))));
    return mul(g, where(not_tiny, gradx, full_like(self, Scalar(0.5))));
}

// ndtri: grad * sqrt(2 pi) * exp(result^2 / 2)
template <class T>
T ndtri(const T& g, const T& result) {
    return mul(mul(g, Scalar(kSqrt2Pi)), exp(div(mul(result, result), Scalar(2.0))));
}

// log_ndtr: grad / sqrt(2 pi) * exp(-(result + self^2 / 2))
template <class T>
T log_ndtr(const T& g, const T& self, const T& result) {
    return mul(div(g, Scalar(kSqrt2Pi)), exp(neg(add(result, div(pow(self, Scalar(2.0)), Scalar(2.0))))));
}

// erfcx: (2 self result - 2 / sqrt(pi)) * grad
template <class T>
T erfcx(const T& g, const T& self, const T& result) {
    return mul(sub(mul(mul(self, Scalar(2.0)), result), Scalar(2.0 / kSqrtPi)), g);
}

}  // namespace kiln::special_grad
