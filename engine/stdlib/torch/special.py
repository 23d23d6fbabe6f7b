# torch.special for Kiln: the scipy.special-style names PyTorch groups here, which real programs
# import by name (`from torch.special import expm1` in lucidrains' continuous-time diffusion models,
# `torch.special.expit` / `gammaln` / `xlogy` in losses and distributions). Most are the same kernels
# as the torch.* functions (PyTorch's special_expit is sigmoid, special_gammaln is lgamma,
# special_psi is digamma, special_exp2 is exp2, ...), so they are those functions here; entr and
# xlog1py follow ATen's kernels (entr: nan stays nan, -x*log(x) for x > 0, 0 at 0, -inf below;
# xlog1py: nan where y is nan, 0 where x is 0, else x*log1p(y)). i0e, i1e, ndtr, ndtri, log_ndtr,
# erfcx and zeta are native aten ops with their own grad_fns (engine/ops/special_fns.h), reached
# through torch.ops.aten as PyTorch reaches torch._C._special. The Bessel functions (bessel_j0/j1/y0/y1,
# modified_bessel_i0/i1/k0/k1, scaled_modified_bessel_k0/k1, spherical_bessel_j0) and the orthogonal
# polynomials (Chebyshev T/U/V/W and their shifted forms, Hermite H/He, Laguerre L, Legendre P) and
# airy_ai are engine/stdlib/torch/_special_bessel.py.
# gammainc/gammaincc are PyTorch's special_gammainc = igamma and special_gammaincc = igammac
# (pointwise.def rows), multigammaln its mvlgamma. The special_* rows of ops/pointwise.def (i1) are
# aten operators with no torch.* or Tensor method.
import math as _math
import numbers as _numbers

import torch as _torch

from torch._special_bessel import BESSEL as _BESSEL, POLYNOMIALS as _POLYNOMIALS

__all__ = ["digamma", "entr", "erf", "erfc", "erfinv", "exp2", "expit", "expm1", "gammainc", "gammaincc", "gammaln",
           "i0", "i0e", "i1", "i1e", "log1p", "log_ndtr", "multigammaln", "ndtr", "ndtri", "erfcx", "zeta",
           "log_softmax", "logit", "logsumexp", "polygamma", "psi", "round", "sinc", "softmax", "xlog1py", "xlogy",
           "bessel_j0", "bessel_j1", "bessel_y0", "bessel_y1", "modified_bessel_i0", "modified_bessel_i1",
           "modified_bessel_k0", "modified_bessel_k1", "scaled_modified_bessel_k0", "scaled_modified_bessel_k1",
           "spherical_bessel_j0", "airy_ai", "chebyshev_polynomial_t", "chebyshev_polynomial_u", "chebyshev_polynomial_v",
           "chebyshev_polynomial_w", "shifted_chebyshev_polynomial_t", "shifted_chebyshev_polynomial_u",
           "shifted_chebyshev_polynomial_v", "shifted_chebyshev_polynomial_w", "hermite_polynomial_h",
           "hermite_polynomial_he", "laguerre_polynomial_l", "legendre_polynomial_p"]

erf = _torch.erf
erfc = _torch.erfc
erfinv = _torch.erfinv
exp2 = _torch.exp2
expit = _torch.sigmoid
expm1 = _torch.expm1
gammaln = _torch.lgamma
i0 = _torch.i0
digamma = _torch.digamma
psi = _torch.digamma
polygamma = _torch.polygamma
log1p = _torch.log1p
logit = _torch.logit
logsumexp = _torch.logsumexp
round = _torch.round
sinc = _torch.sinc
xlogy = _torch.xlogy


def i1(input, *, out=None):
    if not isinstance(input, _torch.Tensor):
        raise TypeError(f"special_i1(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")
    r = _torch.ops.aten.special_i1(input)
    return r if out is None else out.resize_(r.shape).copy_(r)


def _out(r, out):
    return r if out is None else out.resize_(r.shape).copy_(r)


def gammainc(input, other, *, out=None):
    return _out(_torch.igamma(input, other), out)


def gammaincc(input, other, *, out=None):
    return _out(_torch.igammac(input, other), out)


def multigammaln(input, p, *, out=None):
    return _out(_torch.mvlgamma(input, p), out)


def _unary(name):
    op = getattr(_torch.ops.aten, "special_" + name)

    def fn(input, *, out=None):
        if not isinstance(input, _torch.Tensor):
            raise TypeError(f"special_{name}(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")
        return _out(op(input), out)

    fn.__name__ = fn.__qualname__ = "special_" + name
    return fn


i0e = _unary("i0e")
i1e = _unary("i1e")
ndtr = _unary("ndtr")
ndtri = _unary("ndtri")
log_ndtr = _unary("log_ndtr")
erfcx = _unary("erfcx")


def zeta(input, other, *, out=None):
    # special_zeta's three overloads: Tensor/Tensor, Scalar/Tensor, Tensor/Scalar (a Python number
    # takes the tensor operand's dtype)
    a, b = isinstance(input, _torch.Tensor), isinstance(other, _torch.Tensor)
    if not a and not b:
        raise TypeError(f"special_zeta(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")
    for v, pos, nm in ((input, 1, "input"), (other, 2, "other")):
        if not isinstance(v, (_torch.Tensor, _numbers.Number)):
            raise TypeError(f"special_zeta(): argument '{nm}' (position {pos}) must be Tensor, not {type(v).__name__}")
    return _out(_torch.ops.aten.special_zeta(input, other), out)


def softmax(input, dim, *, dtype=None):
    return _torch.softmax(input, dim, dtype=dtype)


def log_softmax(input, dim, *, dtype=None):
    return _torch.log_softmax(input, dim, dtype=dtype)


def entr(input):
    if not isinstance(input, _torch.Tensor):
        raise TypeError(f"special_entr(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")
    x = input if input.is_floating_point() else input.to(_torch.get_default_dtype())
    out = _torch.where(x > 0, -x * _torch.log(_torch.where(x > 0, x, _torch.ones_like(x))), _torch.zeros_like(x))
    out = _torch.where(x < 0, _torch.full_like(x, -_math.inf), out)
    return _torch.where(_torch.isnan(x), x, out)


def xlog1py(input, other):
    if not isinstance(input, _torch.Tensor) and not isinstance(other, _torch.Tensor):
        raise TypeError(f"special_xlog1py(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")
    x = input if isinstance(input, _torch.Tensor) else _torch.tensor(input)
    y = other if isinstance(other, _torch.Tensor) else _torch.tensor(other)
    out = x * _torch.log1p(y)
    out = _torch.where(x == 0, _torch.zeros_like(out), out)
    return _torch.where(_torch.isnan(y), _torch.full_like(out, _math.nan), out)


globals().update(_BESSEL)
globals().update(_POLYNOMIALS)


def modified_bessel_i0(input, *, out=None):
    # ATen's own kernel for I0 (the same Cephes approximation as torch.i0), without a derivative
    if not isinstance(input, _torch.Tensor):
        raise TypeError(f"modified_bessel_i0(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")
    with _torch.no_grad():
        x = input if input.is_floating_point() else input.to(_torch.get_default_dtype())
        return _out(_torch.i0(x), out)


def modified_bessel_i1(input, *, out=None):
    if not isinstance(input, _torch.Tensor):
        raise TypeError(f"modified_bessel_i1(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")
    with _torch.no_grad():
        x = input if input.is_floating_point() else input.to(_torch.get_default_dtype())
        return _out(i1(x), out)
