# cmath: complex math as CPython 3.12's cmathmodule.c computes it for finite arguments (the same
# formulas, so results agree to the last bit there): sqrt, exp, log, log10, phase, polar, rect,
# sin/cos/tan, sinh/cosh/tanh, isfinite/isinf/isnan/isclose and the constants. Not covered: the
# special-value tables for infinite and NaN parts (inf/nan inputs follow the plain formulas), and the
# inverse trigonometric/hyperbolic functions (asin, acos, atan, asinh, acosh, atanh).
import math

pi = math.pi
e = math.e
tau = math.tau
inf = math.inf
nan = math.nan
infj = complex(0.0, math.inf)
nanj = complex(0.0, math.nan)

_LARGE_LOG = 708.3964185322641  # CM_LOG_LARGE_DOUBLE: log(DBL_MAX) - a margin


def _c(z):
    if isinstance(z, complex):
        return z
    if isinstance(z, (int, float)):
        return complex(float(z), 0.0)
    if hasattr(z, "__complex__"):
        return z.__complex__()
    if hasattr(z, "__float__"):
        return complex(z.__float__(), 0.0)
    if hasattr(z, "__index__"):
        return complex(float(z.__index__()), 0.0)
    raise TypeError(f"must be real number, not {type(z).__name__}")


def phase(z):
    z = _c(z)
    return math.atan2(z.imag, z.real)


def polar(z):
    z = _c(z)
    return (math.hypot(z.real, z.imag), math.atan2(z.imag, z.real))


def rect(r, phi):
    r = float(r)
    phi = float(phi)
    if math.isinf(r) and math.isfinite(phi) and phi != 0.0:
        if r > 0:
            return complex(math.copysign(math.inf, math.cos(phi)), math.copysign(math.inf, math.sin(phi)))
        return complex(-math.copysign(math.inf, math.cos(phi)), -math.copysign(math.inf, math.sin(phi)))
    if phi == 0.0:
        return complex(r, phi * r if math.isfinite(r) else phi)
    return complex(r * math.cos(phi), r * math.sin(phi))


def sqrt(z):
    z = _c(z)
    x, y = z.real, z.imag
    if x == 0.0 and y == 0.0:
        return complex(0.0, y)
    if math.isinf(y):
        return complex(math.inf, y)
    ax = math.fabs(x)
    ay = math.fabs(y)
    if ax < 2.2250738585072014e-308 and ay < 2.2250738585072014e-308:
        ax = math.ldexp(ax, 53)
        s = math.ldexp(math.sqrt(ax + math.hypot(ax, math.ldexp(ay, 53))), -27)
    else:
        ax /= 8.0
        s = 2.0 * math.sqrt(ax + math.hypot(ax, ay / 8.0))
    d = ay / (2.0 * s)
    if x >= 0.0:
        return complex(s, math.copysign(d, y))
    return complex(d, math.copysign(s, y))


def exp(z):
    z = _c(z)
    x, y = z.real, z.imag
    if x > _LARGE_LOG:
        l = math.exp(x - 1.0)
        rr = l * math.cos(y) * math.e
        ri = l * math.sin(y) * math.e
    else:
        l = math.exp(x)
        rr = l * math.cos(y)
        ri = l * math.sin(y)
    if math.isinf(rr) or math.isinf(ri):
        raise OverflowError("math range error")
    return complex(rr, ri)


def _log(z):
    x, y = z.real, z.imag
    ax = math.fabs(x)
    ay = math.fabs(y)
    if ax == 0.0 and ay == 0.0:
        raise ValueError("math domain error")
    h = math.hypot(ax, ay)
    if 0.71 <= h <= 1.73:
        am = ax if ax > ay else ay
        an = ay if ax > ay else ax
        re = math.log1p((am - 1) * (am + 1) + an * an) / 2.0
    else:
        re = math.log(h)
    return complex(re, math.atan2(y, x))


def log(x, base=None):
    z = _log(_c(x))
    if base is None:
        return z
    return z / _log(_c(base))


def log10(z):
    r = _log(_c(z))
    return complex(r.real / math.log(10.0), r.imag / math.log(10.0))


def cosh(z):
    z = _c(z)
    x, y = z.real, z.imag
    if math.fabs(x) > _LARGE_LOG:
        x1 = x - math.copysign(1.0, x)
        rr = math.cos(y) * math.cosh(x1) * math.e
        ri = math.sin(y) * math.sinh(x1) * math.e
    else:
        rr = math.cos(y) * math.cosh(x)
        ri = math.sin(y) * math.sinh(x)
    if math.isinf(rr) or math.isinf(ri):
        raise OverflowError("math range error")
    return complex(rr, ri)


def sinh(z):
    z = _c(z)
    x, y = z.real, z.imag
    if math.fabs(x) > _LARGE_LOG:
        x1 = x - math.copysign(1.0, x)
        rr = math.cos(y) * math.sinh(x1) * math.e
        ri = math.sin(y) * math.cosh(x1) * math.e
    else:
        rr = math.cos(y) * math.sinh(x)
        ri = math.sin(y) * math.cosh(x)
    if math.isinf(rr) or math.isinf(ri):
        raise OverflowError("math range error")
    return complex(rr, ri)


def tanh(z):
    z = _c(z)
    x, y = z.real, z.imag
    if math.fabs(x) > _LARGE_LOG:
        return complex(math.copysign(1.0, x), 4.0 * math.sin(y) * math.cos(y) * math.exp(-2.0 * math.fabs(x)))
    tx = math.tanh(x)
    ty = math.tan(y)
    cx = 1.0 / math.cosh(x)
    txty = tx * ty
    denom = 1.0 + txty * txty
    return complex(tx * (1.0 + ty * ty) / denom, ((ty / denom) * cx) * cx)


def cos(z):
    z = _c(z)
    return cosh(complex(-z.imag, z.real))


def sin(z):
    z = _c(z)
    r = sinh(complex(-z.imag, z.real))
    return complex(r.imag, -r.real)


def tan(z):
    z = _c(z)
    r = tanh(complex(-z.imag, z.real))
    return complex(r.imag, -r.real)


def isfinite(z):
    z = _c(z)
    return math.isfinite(z.real) and math.isfinite(z.imag)


def isinf(z):
    z = _c(z)
    return math.isinf(z.real) or math.isinf(z.imag)


def isnan(z):
    z = _c(z)
    return math.isnan(z.real) or math.isnan(z.imag)


def isclose(a, b, *, rel_tol=1e-09, abs_tol=0.0):
    a = _c(a)
    b = _c(b)
    if rel_tol < 0.0 or abs_tol < 0.0:
        raise ValueError("tolerances must be non-negative")
    if a == b:
        return True
    if isinf(a) or isinf(b):
        return False
    diff = abs(a - b)
    return diff <= rel_tol * abs(b) or diff <= rel_tol * abs(a) or diff <= abs_tol
