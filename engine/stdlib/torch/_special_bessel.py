# torch.special's Bessel functions, airy_ai and orthogonal polynomials (PyTorch's special_bessel_j0 ...
# special_legendre_polynomial_p, aten/src/ATen/native/Math.h), for engine/stdlib/torch/special.py.
#
# The polynomials follow ATen's kernels case by case (n < 0 gives 0, the closed forms at x = +-1 or at
# the shifted interval's ends, the trigonometric form for large n inside (-1, 1), else the three-term
# recurrence), vectorised: the recurrence runs to the largest n once and each element keeps the term
# of its own n. n is truncated to an integer as the kernels' cast does.
#
# The Bessel functions are computed in float64 by methods accurate to about 1e-15 (ATen uses Cephes'
# rational approximations; the values agree to the last few bits):
#   J0, J1 (|x| < 2): their power series;
#   J0, J1 (2 <= |x| <= 25): Bessel's integral (1/2pi) int_0^2pi cos(n t - x sin t) dt by the trapezoid rule
#     on 64 points, exact to rounding for a periodic entire integrand (the aliasing error is J_63(x));
#   J, Y (|x| > 25): Hankel's asymptotic expansion, summed until its terms stop decreasing;
#   Y0, Y1 (x < 2): their power series around 0 (log term plus harmonic-number series);
#   Y0, Y1 (2 <= x <= 25): the integral (1/pi) int_0^pi sin(x sin t - n t) dt minus
#     (1/pi) int_0^inf (e^{nt} + (-1)^n e^{-nt}) e^{-x sinh t} dt, both by 128-point Gauss-Legendre;
#   K0, K1 and their scaled forms: int_0^inf e^{-x cosh t} cosh(n t) dt by the trapezoid rule on the
#     even integrand (exponential convergence), in a variable scaled by sqrt(x) so that large x keeps
#     enough points under the peak.
# Like ATen's kernels these have no derivative formula: the results do not require grad.
import math as _math

import torch as _torch

_EULER = 0.57721566490153286061


def _as_tensor_args(name, x, n=None, two=False):
    xt = isinstance(x, _torch.Tensor)
    nt = isinstance(n, _torch.Tensor)
    if two:
        if not xt and not nt:
            raise TypeError(f"special_{name}(): argument 'x' (position 1) must be Tensor, not {type(x).__name__}")
    elif not xt:
        raise TypeError(f"special_{name}(): argument 'input' (position 1) must be Tensor, not {type(x).__name__}")
    dtype = _torch.result_type(x, n) if two else x.dtype
    ref = x if xt else n
    if dtype.is_complex:
        raise NotImplementedError(f"\"{name}\" is not implemented for complex input in Kiln")
    if not dtype.is_floating_point:  # integer and bool inputs compute in the default float dtype (a float op)
        dtype = _torch.get_default_dtype()
    return dtype, ref.device


def _finish(r, dtype, out):
    r = r.to(dtype)
    if out is not None:
        return out.resize_(r.shape).copy_(r)
    return r


def _f64(v, device):
    if isinstance(v, _torch.Tensor):
        return v.detach().to(device=device, dtype=_torch.float64)
    return _torch.tensor(float(v), dtype=_torch.float64, device=device)


# ---- orthogonal polynomials -------------------------------------------------------------------------

def _recurrence(x, n, p0, p1, step):
    # P_0 = p0, P_1 = p1, P_m = step(m, P_{m-1}, P_{m-2}); each element gets P_{n}
    res = _torch.where(n <= 0, p0, p1)
    nmax = int(n.max().item()) if n.numel() else 0
    p, q = p0, p1
    for m in range(2, nmax + 1):
        r = step(m, q, p)
        res = _torch.where(n == m, r, res)
        p, q = q, r
    return res


def _poly(name, kernel_name):
    def fn(x, n, *, out=None):
        dtype, device = _as_tensor_args(kernel_name, x, n, two=True)
        with _torch.no_grad():
            xf, nf = _torch.broadcast_tensors(_f64(x, device), _f64(n, device))
            ni = nf.trunc()
            r = _POLY_KERNELS[name](xf, ni)
            r = _torch.where(ni < 0, _torch.zeros_like(r), r)
        return _finish(r, dtype, out)

    fn.__name__ = fn.__qualname__ = name
    return fn


def _even(n):
    return _torch.remainder(n, 2) == 0


def _cheb_t(x, n):
    two_x = x + x
    r = _recurrence(x, n, _torch.ones_like(x), x, lambda m, q, p: two_x * q - p)
    big = (n > 6) & (x.abs() < 1)
    r = _torch.where(big, _torch.cos(n * _torch.acos(x.clamp(-1, 1))), r)
    at1 = _torch.where((x > 0) | _even(n), _torch.ones_like(x), -_torch.ones_like(x))
    return _torch.where(x.abs() == 1, at1, r)


def _cheb_u(x, n):
    two_x = x + x
    r = _recurrence(x, n, _torch.ones_like(x), two_x, lambda m, q, p: two_x * q - p)
    t = _torch.acos(x.clamp(-1, 1))
    s = _torch.sin(t)
    trig = _torch.where(s != 0, _torch.sin((n + 1) * t) / s, (n + 1) * _torch.cos((n + 1) * t) / x)
    r = _torch.where((n > 8) & (x.abs() < 1), trig, r)
    at1 = _torch.where((x > 0) | _even(n), n + 1, -(n + 1))
    return _torch.where(x.abs() == 1, at1, r)


def _cheb_v(x, n):
    two_x = x + x
    r = _recurrence(x, n, _torch.ones_like(x), two_x - 1, lambda m, q, p: two_x * q - p)
    t = _torch.acos(x.clamp(-1, 1))
    edge = _torch.where(_even(n), n + n + 1, -(n + n + 1))
    trig = _torch.where(_torch.sin(t / 2) != 1, _torch.cos((n + 0.5) * t) / _torch.cos(t / 2), edge)
    r = _torch.where((n > 8) & (x.abs() < 1), trig, r)
    at1 = _torch.where(x > 0, _torch.ones_like(x), edge)
    return _torch.where(x.abs() == 1, at1, r)


def _cheb_w(x, n):
    two_x = x + x
    r = _recurrence(x, n, _torch.ones_like(x), two_x + 1, lambda m, q, p: two_x * q - p)
    t = _torch.acos(x.clamp(-1, 1))
    sign_edge = _torch.where(_even(n), _torch.ones_like(x), -_torch.ones_like(x))
    edge = _torch.where(x > 0, n + n + 1, sign_edge)
    trig = _torch.where(_torch.cos(t / 2) != 1, _torch.sin((n + 0.5) * t) / _torch.sin(t / 2), edge)
    r = _torch.where((n > 8) & (x.abs() < 1), trig, r)
    return _torch.where(x.abs() == 1, edge, r)


def _shifted(kernel_name, cutoff):
    # ATen's shifted_chebyshev_polynomial_*: the unshifted recurrence in y = 2x - 1, with the closed forms
    # at x = 1 and x = 0 and the trigonometric form for n > cutoff inside the interval
    def f(x, n):
        y = x + x - 1
        two_y = y + y
        one = _torch.ones_like(x)
        t = _torch.acos(y.clamp(-1, 1))
        inside = (n > cutoff) & (y.abs() < 1)
        if kernel_name == "t":
            r = _recurrence(y, n, one, y, lambda m, q, p: two_y * q - p)
            r = _torch.where(inside, _torch.cos(n * t), r)
            at0 = _torch.where(_even(n), one, -one)
            at1 = one
        elif kernel_name == "u":
            r = _recurrence(y, n, one, two_y, lambda m, q, p: two_y * q - p)
            s = _torch.sin(t)
            trig = _torch.where(s != 0, _torch.sin((n + 1) * t) / s, (n + 1) * _torch.cos((n + 1) * t) / y)
            r = _torch.where(inside, trig, r)
            at0 = _torch.where(_even(n), n + 1, -(n + 1))
            at1 = n + 1
        elif kernel_name == "v":
            r = _recurrence(y, n, one, two_y - 1, lambda m, q, p: two_y * q - p)
            edge = _torch.where(_even(n), n + n + 1, -(n + n + 1))
            trig = _torch.where(_torch.sin(t / 2) != 1, _torch.cos((n + 0.5) * t) / _torch.cos(t / 2), edge)
            r = _torch.where(inside, trig, r)
            at0 = edge
            at1 = one
        else:
            r = _recurrence(y, n, one, two_y + 1, lambda m, q, p: two_y * q - p)
            sign_edge = _torch.where(_even(n), one, -one)
            trig = _torch.where(_torch.cos(t / 2) != 1, _torch.sin((n + 0.5) * t) / _torch.sin(t / 2), sign_edge)
            r = _torch.where(inside, trig, r)
            at0 = sign_edge
            at1 = n + n + 1
        r = _torch.where(x == 0, at0, r)
        return _torch.where(x == 1, at1, r)

    return f


def _hermite_h(x, n):
    two_x = x + x
    return _recurrence(x, n, _torch.ones_like(x), two_x, lambda m, q, p: two_x * q - 2 * (m - 1) * p)


def _hermite_he(x, n):
    return _recurrence(x, n, _torch.ones_like(x), x, lambda m, q, p: x * q - (m - 1) * p)


def _laguerre_l(x, n):
    r = _recurrence(x, n, _torch.ones_like(x), 1 - x, lambda m, q, p: ((2 * (m - 1) + 1 - x) * q - (m - 1) * p) / m)
    return _torch.where(x.abs() == 0, _torch.ones_like(x), r)


def _legendre_p(x, n):
    r = _recurrence(x, n, _torch.ones_like(x), x, lambda m, q, p: ((2 * (m - 1) + 1) * x * q - (m - 1) * p) / m)
    at1 = _torch.where((x > 0) | (n == 0) | _even(n), _torch.ones_like(x), -_torch.ones_like(x))
    return _torch.where(x.abs() == 1, at1, r)


_POLY_KERNELS = {
    "chebyshev_polynomial_t": _cheb_t, "chebyshev_polynomial_u": _cheb_u, "chebyshev_polynomial_v": _cheb_v,
    "chebyshev_polynomial_w": _cheb_w, "shifted_chebyshev_polynomial_t": _shifted("t", 6),
    "shifted_chebyshev_polynomial_u": _shifted("u", 6), "shifted_chebyshev_polynomial_v": _shifted("v", 6),
    "shifted_chebyshev_polynomial_w": _shifted("w", 4), "hermite_polynomial_h": _hermite_h,
    "hermite_polynomial_he": _hermite_he, "laguerre_polynomial_l": _laguerre_l, "legendre_polynomial_p": _legendre_p,
}
POLYNOMIALS = {name: _poly(name, name) for name in _POLY_KERNELS}


# ---- Bessel functions -------------------------------------------------------------------------------

_GL_CACHE = {}


def _gauss_legendre(m):
    # nodes and weights on [-1, 1] (Newton's method on P_m from Chebyshev guesses)
    if m in _GL_CACHE:
        return _GL_CACHE[m]
    nodes, weights = [], []
    for i in range(1, m + 1):
        z = _math.cos(_math.pi * (i - 0.25) / (m + 0.5))
        for _ in range(100):
            p1, p2 = 1.0, 0.0
            for j in range(1, m + 1):
                p1, p2 = ((2 * j - 1) * z * p1 - (j - 1) * p2) / j, p1
            dp = m * (z * p1 - p2) / (z * z - 1)
            dz = p1 / dp
            z -= dz
            if abs(dz) < 1e-16:
                break
        nodes.append(z)
        weights.append(2 / ((1 - z * z) * dp * dp))
    r = (_torch.tensor(nodes, dtype=_torch.float64), _torch.tensor(weights, dtype=_torch.float64))
    _GL_CACHE[m] = r
    return r


def _integrate(f, a, b, x, m=128):
    # int_a^b f(x, t) dt per element by m-point Gauss-Legendre; a, b numbers or tensors like x
    z, w = _gauss_legendre(m)
    z = z.to(x.device)
    w = w.to(x.device)
    a = a.unsqueeze(-1) if isinstance(a, _torch.Tensor) else a
    b = b.unsqueeze(-1) if isinstance(b, _torch.Tensor) else b
    half = (b - a) / 2
    t = (a + b) / 2 + half * z
    return (f(x.unsqueeze(-1), t) * w).sum(-1) * (half.squeeze(-1) if isinstance(half, _torch.Tensor) else half)


def _hankel(x, order):
    # (P, Q) of Hankel's expansion for J/Y of integer order at x > 0, summed while terms decrease
    mu = 4.0 * order * order
    P = _torch.ones_like(x)
    Q = _torch.zeros_like(x)
    term = _torch.ones_like(x)
    active = _torch.ones_like(x, dtype=_torch.bool)
    prev = _torch.full_like(x, _math.inf)
    for k in range(1, 60):
        term = term * (mu - (2 * k - 1) ** 2) / (k * 8.0 * x)
        mag = term.abs()
        active = active & (mag < prev)
        add = _torch.where(active, term, _torch.zeros_like(term))
        if k % 2 == 1:
            Q = Q + (add if (k // 2) % 2 == 0 else -add)
        else:
            P = P + (-add if (k // 2) % 2 == 1 else add)
        prev = _torch.where(active, mag, prev)
        if not bool(active.any()):
            break
    return P, Q


def _jn_small(x, order):
    theta = _torch.arange(64, dtype=_torch.float64, device=x.device) * (2 * _math.pi / 64)
    return _torch.cos(order * theta - x.unsqueeze(-1) * _torch.sin(theta)).mean(-1)


def _jn_series(x, order):
    # sum_k (-1)^k (x/2)^(2k+n) / (k! (k+n)!), for |x| < 2 (no cancellation, full relative accuracy
    # near 0 where the trapezoid rule's absolute error would dominate J1)
    h = (x / 2) ** 2
    term = (x / 2) if order == 1 else _torch.ones_like(x)
    total = term
    for k in range(1, 30):
        term = term * (-h) / (k * (k + order))
        total = total + term
    return total


def _bessel_j(x, order):
    ax = x.abs()
    big = ax > 25
    small = _jn_small(_torch.where(big, _torch.zeros_like(x), x), order)
    small = _torch.where(ax < 2, _jn_series(_torch.where(ax < 2, x, _torch.zeros_like(x)), order), small)
    xb = _torch.where(big, ax, _torch.full_like(ax, 30.0))
    P, Q = _hankel(xb, order)
    chi = xb - (order / 2 + 0.25) * _math.pi
    large = _torch.sqrt(2 / (_math.pi * xb)) * (P * _torch.cos(chi) - Q * _torch.sin(chi))
    if order == 1:
        large = _torch.where(x < 0, -large, large)
    # at +-inf the asymptotic form's cos(inf) is nan, as in ATen's Cephes kernels
    return _torch.where(big, large, small)


def _harmonic_series(x, order):
    # the power-series part of Y_order (see the module comment), x small and positive
    h = (x / 2) ** 2
    total = _torch.zeros_like(x)
    if order == 0:
        term = _torch.ones_like(x)
        harm = 0.0
        for k in range(1, 40):
            term = term * (-h) / (k * k)
            harm += 1.0 / k
            total = total - term * harm  # (-1)^{k+1} H_k (x^2/4)^k / (k!)^2
        return (2 / _math.pi) * ((_torch.log(x / 2) + _EULER) * _bessel_j(x, 0) + total)
    term = x / 2
    hk, hk1 = 0.0, 1.0
    total = term * (hk + hk1)
    for k in range(1, 40):
        term = term * (-h) / (k * (k + 1))
        hk += 1.0 / k
        hk1 += 1.0 / (k + 1)
        total = total + term * (hk + hk1)
    return (2 / _math.pi) * (_torch.log(x / 2) + _EULER) * _bessel_j(x, 1) - 2 / (_math.pi * x) - total / _math.pi


def _bessel_y(x, order):
    xs = _torch.where((x > 0) & (x < 2), x, _torch.ones_like(x))
    series = _harmonic_series(xs, order)
    xm = _torch.where((x >= 2) & (x <= 25), x, _torch.full_like(x, 5.0))
    first = _integrate(lambda xx, t: _torch.sin(xx * _torch.sin(t) - order * t), 0.0, _math.pi, xm)
    upper = _torch.asinh(50.0 / xm) + 1.0
    sign = 1.0 if order % 2 == 0 else -1.0
    second = _integrate(lambda xx, t: (_torch.exp(order * t) + sign * _torch.exp(-order * t)) *
                        _torch.exp(-xx * _torch.sinh(t)), _torch.zeros_like(xm), upper, xm)
    middle = (first - second) / _math.pi
    xb = _torch.where(x > 25, x, _torch.full_like(x, 30.0))
    P, Q = _hankel(xb, order)
    chi = xb - (order / 2 + 0.25) * _math.pi
    large = _torch.sqrt(2 / (_math.pi * xb)) * (P * _torch.sin(chi) + Q * _torch.cos(chi))
    r = _torch.where(x > 25, large, _torch.where(x >= 2, middle, series))
    r = _torch.where(x == 0, _torch.full_like(x, -_math.inf), r)
    return _torch.where(x < 0, _torch.full_like(x, _math.nan), r)


def _bessel_k(x, order, scaled):
    xp = _torch.where(x > 0, x, _torch.ones_like(x))
    c = 1 / _torch.sqrt(_torch.clamp(xp, min=1.0))
    s = _torch.arange(800, dtype=_torch.float64, device=x.device) * 0.05
    t = s * c.unsqueeze(-1)
    xx = xp.unsqueeze(-1)
    expo = -xx * (_torch.cosh(t) - 1) if scaled else -xx * _torch.cosh(t)
    f = _torch.exp(expo) * _torch.cosh(order * t)
    f[..., 0] = f[..., 0] / 2
    r = f.sum(-1) * 0.05 * c
    r = _torch.where(x == 0, _torch.full_like(x, _math.inf), r)
    r = _torch.where(x < 0, _torch.full_like(x, _math.nan), r)
    return _torch.where(x == _math.inf, _torch.zeros_like(x), r)


def _spherical_j0(x):
    small = x.abs() < 0.5
    x2 = x * x
    series = 1 + x2 * (-1 / 6 + x2 * (1 / 120 + x2 * (-1 / 5040 + x2 * (1 / 362880 + x2 * (-1 / 39916800 + x2 / 6227020800)))))
    r = _torch.where(small, series, _torch.sin(x) / _torch.where(small, _torch.ones_like(x), x))
    return _torch.where(_torch.isinf(x), _torch.zeros_like(x), r)


def _airy_ai(x):
    # x >= 1: Ai(x) = sqrt(x/3) K_{1/3}(zeta) / pi, zeta = 2/3 x^{3/2} (the K integral, exponentially
    # accurate); -7 <= x < 1: the Maclaurin series Ai(0) f(x) + Ai'(0) g(x); x < -7: the oscillating
    # asymptotic expansion in zeta = 2/3 |x|^{3/2}, summed while its terms decrease
    ai0, dai0 = 0.355028053887817239260, -0.258819403792806798405
    xs = _torch.where((x >= -7) & (x < 1), x, _torch.zeros_like(x))
    x3 = xs ** 3
    f = _torch.ones_like(xs)
    g = xs.clone()
    tf, tg = _torch.ones_like(xs), xs.clone()
    for k in range(1, 60):
        tf = tf * x3 / ((3 * k - 1) * (3 * k))
        tg = tg * x3 / ((3 * k) * (3 * k + 1))
        f = f + tf
        g = g + tg
    series = ai0 * f + dai0 * g
    xp = _torch.where(x >= 1, x, _torch.ones_like(x))
    zeta = (2.0 / 3.0) * xp ** 1.5
    c = 1 / _torch.sqrt(_torch.clamp(zeta, min=1.0))
    s = _torch.arange(800, dtype=_torch.float64, device=x.device) * 0.05
    t = s * c.unsqueeze(-1)
    fk = _torch.exp(-zeta.unsqueeze(-1) * (_torch.cosh(t) - 1)) * _torch.cosh(t / 3)
    fk[..., 0] = fk[..., 0] / 2
    k13 = fk.sum(-1) * 0.05 * c  # e^zeta K_{1/3}(zeta)
    right = _torch.sqrt(xp / 3) * k13 * _torch.exp(-zeta) / _math.pi
    xn = _torch.where(x < -7, -x, _torch.full_like(x, 20.0))
    z = (2.0 / 3.0) * xn ** 1.5
    # u_k of the Airy asymptotic series: u_k = (6k-5)(6k-3)(6k-1) / ((2k-1) 216 k) u_{k-1}
    P = _torch.ones_like(z)
    Q = _torch.zeros_like(z)
    u = 1.0
    term = _torch.ones_like(z)
    prev = _torch.full_like(z, _math.inf)
    active = _torch.ones_like(z, dtype=_torch.bool)
    for k in range(1, 60):
        u = u * (6 * k - 5) * (6 * k - 3) * (6 * k - 1) / ((2 * k - 1) * 216.0 * k)
        term = u / z ** k
        active = active & (term < prev)
        add = _torch.where(active, term, _torch.zeros_like(term))
        if k % 2 == 1:
            Q = Q + (add if (k // 2) % 2 == 0 else -add)
        else:
            P = P + (-add if (k // 2) % 2 == 1 else add)
        prev = _torch.where(active, term, prev)
    phase = z + _math.pi / 4
    left = (_torch.sin(phase) * P - _torch.cos(phase) * Q) / (_math.sqrt(_math.pi) * xn ** 0.25)
    r = _torch.where(x >= 1, right, _torch.where(x < -7, left, series))
    # ATen's airy_ai_forward answers nan at either infinity
    return _torch.where(_torch.isinf(x), _torch.full_like(x, _math.nan), r)


def _unary(name, kernel):
    def fn(input, *, out=None):
        dtype, device = _as_tensor_args(name, input)
        with _torch.no_grad():
            x = _f64(input, device)
            r = kernel(x)
            r = _torch.where(_torch.isnan(x), x, r)
        return _finish(r, dtype, out)

    fn.__name__ = fn.__qualname__ = name
    return fn


BESSEL = {
    "bessel_j0": _unary("bessel_j0", lambda x: _bessel_j(x, 0)),
    "bessel_j1": _unary("bessel_j1", lambda x: _bessel_j(x, 1)),
    "bessel_y0": _unary("bessel_y0", lambda x: _bessel_y(x, 0)),
    "bessel_y1": _unary("bessel_y1", lambda x: _bessel_y(x, 1)),
    "modified_bessel_k0": _unary("modified_bessel_k0", lambda x: _bessel_k(x, 0, False)),
    "modified_bessel_k1": _unary("modified_bessel_k1", lambda x: _bessel_k(x, 1, False)),
    "scaled_modified_bessel_k0": _unary("scaled_modified_bessel_k0", lambda x: _bessel_k(x, 0, True)),
    "scaled_modified_bessel_k1": _unary("scaled_modified_bessel_k1", lambda x: _bessel_k(x, 1, True)),
    "spherical_bessel_j0": _unary("spherical_bessel_j0", _spherical_j0),
    "airy_ai": _unary("airy_ai", _airy_ai),
}
