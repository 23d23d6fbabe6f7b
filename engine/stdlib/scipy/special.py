# scipy.special for Kiln: the functions neural-network scripts take from it, over Kiln's NumPy:
# expit and logit (float64 unless the input is float32, whose dtype they keep, as SciPy's ufunc loops),
# softmax, log_softmax and logsumexp (axis=, keepdims=, b= weights, return_sign=) with SciPy's
# max-shift for stability; erf/erfc/gammaln/digamma-free. Scalars in give NumPy scalars out.
import math as _math

import numpy as _np

__all__ = ["expit", "logit", "softmax", "log_softmax", "logsumexp", "erf", "erfc", "gammaln"]


def _float_array(x):
    a = _np.asarray(x)
    if a.dtype == _np.float32:
        return a
    return a.astype(_np.float64)


def expit(x):
    a = _float_array(x)
    r = 1.0 / (1.0 + _np.exp(-a))
    return r.astype(a.dtype) if isinstance(r, _np.ndarray) else r


def logit(x):
    a = _float_array(x)
    r = _np.log(a / (1.0 - a))
    return r.astype(a.dtype) if isinstance(r, _np.ndarray) else r


def logsumexp(a, axis=None, b=None, keepdims=False, return_sign=False):
    a = _np.asarray(a, dtype=_np.float64) if _np.asarray(a).dtype != _np.float32 else _np.asarray(a)
    if b is not None:
        # broadcast a and b against each other
        b = _np.asarray(b, dtype=_np.float64)
        a, b = a * _np.ones_like(b), b * _np.ones_like(a)
    a_max = _np.amax(a, axis=axis, keepdims=True)
    a_max = _np.where(_np.isfinite(a_max), a_max, 0.0)
    tmp = _np.exp(a - a_max)
    if b is not None:
        tmp = b * tmp
    s = _np.sum(tmp, axis=axis, keepdims=keepdims)
    if return_sign:
        sgn = _np.sign(s)
        s = _np.abs(s)
    out = _np.log(s)
    if not keepdims:
        a_max = _np.squeeze(a_max, axis=axis)
    out = out + a_max
    if return_sign:
        return out, sgn
    return out


def softmax(x, axis=None):
    x = _np.asarray(x, dtype=_np.float64) if _np.asarray(x).dtype != _np.float32 else _np.asarray(x)
    x_max = _np.amax(x, axis=axis, keepdims=True)
    exp_x_shifted = _np.exp(x - x_max)
    return exp_x_shifted / _np.sum(exp_x_shifted, axis=axis, keepdims=True)


def log_softmax(x, axis=None):
    x = _np.asarray(x, dtype=_np.float64) if _np.asarray(x).dtype != _np.float32 else _np.asarray(x)
    x_max = _np.amax(x, axis=axis, keepdims=True)
    if x_max.ndim > 0:
        x_max[~_np.isfinite(x_max)] = 0
    elif not _np.isfinite(x_max):
        x_max = 0
    tmp = x - x_max
    exp_tmp = _np.exp(tmp)
    s = _np.sum(exp_tmp, axis=axis, keepdims=True)
    return tmp - _np.log(s)
