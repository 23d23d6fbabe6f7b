# numpy.linalg, the parts written in Kiln's Python (engine/bindings/numpy.cpp's linalg_module fills
# this module first with the 2-norm; this file runs in the same namespace). NumPy's dense linear
# algebra over torch.linalg, whose CPU kernels are the LAPACK routines NumPy calls (getrf/getri,
# gesv, potrf, gesdd, syevd, geqrf): inv, det, slogdet, solve, cholesky(upper=), pinv (NumPy's rcond
# default 1e-15 and rtol), lstsq (the minimum-norm solution through the SVD cutoff, with NumPy's
# residuals / rank / singular values), eigh / eigvalsh, svd / svdvals, qr (reduced, complete, r),
# matrix_rank, matrix_power (repeated squaring in the input dtype), multi_dot, cond, and norm with
# every vector and matrix `ord` and axis form, as numpy/linalg/_linalg.py computes them. Integer and
# bool inputs compute in float64; results come back as NumPy arrays (0-d results as NumPy scalars),
# tuples as NumPy 2's named results (EighResult, SVDResult, QRResult, SlogdetResult); LAPACK failures
# raise LinAlgError with NumPy's messages; eig / eigvals through torch.linalg.eig (geev; real
# arrays when every eigenvalue is real). Left out: tensorsolve / tensorinv. Eigen- and singular
# vectors are unique only up to sign: Kiln's may differ
# in sign from LAPACK's.
import builtins as _builtins
from collections import namedtuple as _namedtuple

import numpy as _np
import torch as _torch


class LinAlgError(Exception):
    """Generic Python-exception-derived object raised by linalg functions."""


LinAlgError.__module__ = "numpy.linalg"

EigResult = _namedtuple("EigResult", ["eigenvalues", "eigenvectors"])
EighResult = _namedtuple("EighResult", ["eigenvalues", "eigenvectors"])
SVDResult = _namedtuple("SVDResult", ["U", "S", "Vh"])
QRResult = _namedtuple("QRResult", ["Q", "R"])
SlogdetResult = _namedtuple("SlogdetResult", ["sign", "logabsdet"])

_native_norm = norm  # noqa: F821 (the native module's 2-norm / Frobenius norm)


def _array(a):
    a = _np.asarray(a)
    if a.dtype == _np.float16:
        raise TypeError("array type float16 is unsupported in linalg")
    if a.dtype.kind in "biu":
        a = a.astype(_np.float64)
    return a


def _tensor(a):
    return _torch.from_numpy(_np.ascontiguousarray(a))


def _out(t):
    a = t.numpy()
    return a[()] if a.ndim == 0 else a


def _assert_stacked_2d(*arrays):
    for a in arrays:
        if a.ndim < 2:
            raise LinAlgError("%d-dimensional array given. Array must be at least two-dimensional" % a.ndim)


def _assert_stacked_square(*arrays):
    for a in arrays:
        m, n = a.shape[-2:]
        if m != n:
            raise LinAlgError("Last 2 dimensions of the array must be square")


def _common_dtype(a, b):
    # NumPy's result type of the two operands, integers computing in float64
    dtype = (_np.zeros(0, dtype=a.dtype) + _np.zeros(0, dtype=b.dtype)).dtype
    return _np.dtype(_np.float64) if dtype.kind in "biu" else dtype


def _abs2(x):
    # |x|**2 elementwise, real (NumPy's (x.conj() * x).real)
    return (_np.conj(x) * x).real if x.dtype.kind == "c" else x * x


def _lapack(fn, message):
    # runs a torch.linalg call, turning its LAPACK failure into NumPy's LinAlgError and text
    try:
        return fn()
    except _torch.linalg.LinAlgError:
        raise LinAlgError(message) from None


def inv(a):
    a = _array(a)
    _assert_stacked_2d(a)
    _assert_stacked_square(a)
    return _out(_lapack(lambda: _torch.linalg.inv(_tensor(a)), "Singular matrix"))


def det(a):
    a = _array(a)
    _assert_stacked_2d(a)
    _assert_stacked_square(a)
    return _out(_torch.linalg.det(_tensor(a)))


def slogdet(a):
    a = _array(a)
    _assert_stacked_2d(a)
    _assert_stacked_square(a)
    sign, logabsdet = _torch.linalg.slogdet(_tensor(a))
    return SlogdetResult(_out(sign), _out(logabsdet))


def solve(a, b):
    a = _array(a)
    b = _np.asarray(b)
    _assert_stacked_2d(a)
    _assert_stacked_square(a)
    dtype = _common_dtype(a, b)
    ta, tb = _tensor(a.astype(dtype)), _tensor(b.astype(dtype))
    return _out(_lapack(lambda: _torch.linalg.solve(ta, tb), "Singular matrix"))


def cholesky(a, /, *, upper=False):
    a = _array(a)
    _assert_stacked_2d(a)
    _assert_stacked_square(a)
    return _out(_lapack(lambda: _torch.linalg.cholesky(_tensor(a), upper=upper), "Matrix is not positive definite"))


def eigh(a, UPLO="L"):
    UPLO = UPLO.upper()
    if UPLO not in ("L", "U"):
        raise ValueError("UPLO argument must be 'L' or 'U'")
    a = _array(a)
    _assert_stacked_2d(a)
    _assert_stacked_square(a)
    w, v = _lapack(lambda: _torch.linalg.eigh(_tensor(a), UPLO=UPLO), "Eigenvalues did not converge")
    return EighResult(_out(w), _out(v))


def _eig_real_if_possible(w, v):
    # NumPy's eig/eigvals: a real input whose eigenvalues all came out real gives real arrays
    if not bool((w.imag == 0).all()):
        return w, v
    return w.real.contiguous(), (None if v is None else v.real.contiguous())


def eig(a):
    # LAPACK geev, as torch.linalg.eig computes it (the same eigenvalue order and vector normalisation)
    a = _array(a)
    _assert_stacked_2d(a)
    _assert_stacked_square(a)
    if not bool(_np.isfinite(a).all()):
        raise LinAlgError("Array must not contain infs or NaNs")
    w, v = _lapack(lambda: _torch.linalg.eig(_tensor(a)), "Eigenvalues did not converge")
    w, v = _eig_real_if_possible(w, v)
    return EigResult(_out(w), _out(v))


def eigvals(a):
    a = _array(a)
    _assert_stacked_2d(a)
    _assert_stacked_square(a)
    if not bool(_np.isfinite(a).all()):
        raise LinAlgError("Array must not contain infs or NaNs")
    w = _lapack(lambda: _torch.linalg.eigvals(_tensor(a)), "Eigenvalues did not converge")
    return _out(_eig_real_if_possible(w, None)[0])


def eigvalsh(a, UPLO="L"):
    UPLO = UPLO.upper()
    if UPLO not in ("L", "U"):
        raise ValueError("UPLO argument must be 'L' or 'U'")
    a = _array(a)
    _assert_stacked_2d(a)
    _assert_stacked_square(a)
    return _out(_lapack(lambda: _torch.linalg.eigvalsh(_tensor(a), UPLO=UPLO), "Eigenvalues did not converge"))


def svd(a, full_matrices=True, compute_uv=True, hermitian=False):
    a = _array(a)
    _assert_stacked_2d(a)
    if hermitian:
        # NumPy's hermitian path: eigh, singular values sorted descending with signs moved into U
        w, v = _torch.linalg.eigh(_tensor(a))
        if not compute_uv:
            return _out(_torch.sort(w.abs(), dim=-1, descending=True).values)
        s = w.abs()
        sgn = _torch.sign(w)
        sidx = _torch.argsort(s, dim=-1, descending=True)
        s = _torch.take_along_dim(s, sidx, dim=-1)
        sgn = _torch.take_along_dim(sgn, sidx, dim=-1)
        u = _torch.take_along_dim(v, sidx[..., None, :], dim=-1)
        vt = (u * sgn[..., None, :]).transpose(-2, -1).conj()
        return SVDResult(_out(u), _out(s), _out(vt))
    t = _tensor(a)
    if not compute_uv:
        return _out(_lapack(lambda: _torch.linalg.svdvals(t), "SVD did not converge"))
    u, s, vh = _lapack(lambda: _torch.linalg.svd(t, full_matrices=full_matrices), "SVD did not converge")
    return SVDResult(_out(u), _out(s), _out(vh))


def svdvals(x, /):
    return svd(x, compute_uv=False, hermitian=False)


def qr(a, mode="reduced"):
    if mode not in ("reduced", "complete", "r", "raw"):
        raise ValueError(f"Unrecognized mode '{mode}'")
    if mode == "raw":
        raise NotImplementedError("np.linalg.qr(mode='raw') (LAPACK's Householder form) is not supported in Kiln")
    a = _array(a)
    _assert_stacked_2d(a)
    q, r = _torch.linalg.qr(_tensor(a), mode="complete" if mode == "complete" else "reduced")
    if mode == "r":
        return _out(r)
    return QRResult(_out(q), _out(r))


def pinv(a, rcond=None, hermitian=False, *, rtol=None):
    a = _array(a)
    if rcond is None:
        rcond = 1e-15 if rtol is None else rtol
    elif rtol is not None:
        raise ValueError("`rtol` and `rcond` can't be both set.")
    m, n = a.shape[-2:]
    if m == 0 or n == 0:
        return _np.empty(a.shape[:-2] + (n, m), dtype=a.dtype)
    u, s, vt = svd(_np.conj(a) if a.dtype.kind == "c" else a, full_matrices=False, hermitian=hermitian)
    cutoff = _np.asarray(rcond)[..., None] * _np.amax(s, axis=-1, keepdims=True)
    large = s > cutoff
    s = _np.where(large, 1 / _np.where(large, s, 1), 0).astype(s.dtype)
    return _np.matmul(_np.swapaxes(vt, -1, -2), s[..., None] * _np.swapaxes(u, -1, -2))


def matrix_rank(A, tol=None, hermitian=False, *, rtol=None):
    A = _np.asarray(A)
    if A.ndim < 2:
        return int(not _np.all(A == 0))
    S = svd(A, compute_uv=False, hermitian=hermitian)
    if tol is None:
        if rtol is None:
            rtol = max(A.shape[-2:]) * _np.finfo(S.dtype).eps
        else:
            rtol = _np.asarray(rtol)[..., None]
        tol = S.max(axis=-1, keepdims=True) * rtol
    else:
        tol = _np.asarray(tol)[..., None]
    return _np.count_nonzero(S > tol, axis=-1)


def lstsq(a, b, rcond=None):
    a = _array(a)
    b = _np.asarray(b)
    is_1d = b.ndim == 1
    if is_1d:
        b = b[:, None]
    _assert_stacked_2d(a, b)
    m, n = a.shape[-2:]
    m2, n_rhs = b.shape[-2:]
    if m != m2:
        raise LinAlgError("Incompatible dimensions")
    dtype = _common_dtype(a, b)
    a, b = a.astype(dtype), b.astype(dtype)
    if rcond is None:
        rcond = _np.finfo(dtype).eps * max(n, m)
    # LAPACK gelsd's answer: the minimum-norm solution, singular values below rcond * s_max dropped
    u, s, vt = svd(a, full_matrices=False)
    large = s > rcond * (s.max() if s.size else 0)
    rank = int(_np.count_nonzero(large))
    sinv = _np.where(large, 1 / _np.where(large, s, 1), 0).astype(s.dtype)
    x = _np.matmul(vt.T, sinv[:, None] * _np.matmul(u.T, b))
    if rank == n and m > n:
        r = b - _np.matmul(a, x)
        resids = _np.sum(r * r, axis=0)
    else:
        resids = _np.empty((0,), dtype=s.dtype)
    if is_1d:
        x = x[:, 0]
        if resids.size:
            resids = resids.reshape(1)
    return x, resids, rank, s


def matrix_power(a, n):
    a = _np.asarray(a)
    _assert_stacked_2d(a)
    _assert_stacked_square(a)
    try:
        n = int(n.__index__())
    except AttributeError:
        raise TypeError("exponent must be an integer") from None
    if n == 0:
        return _np.broadcast_to(_np.eye(a.shape[-1], dtype=a.dtype), a.shape).copy()
    if n < 0:
        a = inv(a)
        n = abs(n)
    if n == 1:
        return a.copy()
    if n == 2:
        return _np.matmul(a, a)
    if n == 3:
        return _np.matmul(_np.matmul(a, a), a)
    z = result = None
    while n > 0:
        z = a if z is None else _np.matmul(z, z)
        n, bit = divmod(n, 2)
        if bit:
            result = z if result is None else _np.matmul(result, z)
    return result


def multi_dot(arrays, *, out=None):
    arrays = [_np.asarray(x) for x in arrays]
    if len(arrays) < 2:
        raise ValueError("Expecting at least two arrays.")
    first_1d, last_1d = arrays[0].ndim == 1, arrays[-1].ndim == 1
    if first_1d:
        arrays[0] = arrays[0][None, :]
    if last_1d:
        arrays[-1] = arrays[-1][:, None]
    _assert_stacked_2d(*arrays)
    result = arrays[0]
    for x in arrays[1:]:
        result = _np.matmul(result, x)
    if first_1d and last_1d:
        return result[0, 0]
    if first_1d or last_1d:
        return result.ravel()
    return result


def _multi_svd_norm(x, row_axis, col_axis, op):
    y = _np.moveaxis(x, (row_axis, col_axis), (-2, -1))
    return op(svd(y, compute_uv=False), axis=-1)


def norm(x, ord=None, axis=None, keepdims=False):
    x = _np.asarray(x)
    if x.dtype.kind in "biu":
        x = x.astype(float)
    if axis is None:
        nd = x.ndim
        if ord is None or (ord in ("f", "fro") and nd == 2) or (ord == 2 and nd == 1):
            return _native_norm(x, None, None, keepdims)
    nd = x.ndim
    if axis is None:
        axis = tuple(range(nd))
    elif not isinstance(axis, tuple):
        try:
            axis = int(axis)
        except Exception as e:
            raise TypeError("'axis' must be None, an integer or a tuple of integers") from e
        axis = (axis,)
    inf = float("inf")
    if len(axis) == 1:
        if ord == inf:
            return _np.abs(x).max(axis=axis, keepdims=keepdims)
        elif ord == -inf:
            return _np.abs(x).min(axis=axis, keepdims=keepdims)
        elif ord == 0:
            return _np.sum((x != 0).astype(_np.abs(x).dtype), axis=axis, keepdims=keepdims)
        elif ord == 1:
            return _np.sum(_np.abs(x), axis=axis, keepdims=keepdims)
        elif ord is None or ord == 2:
            return _np.sqrt(_np.sum(_abs2(x), axis=axis, keepdims=keepdims))
        elif isinstance(ord, str):
            raise ValueError(f"Invalid norm order '{ord}' for vectors")
        else:
            absx = _np.abs(x)
            absx = absx ** ord
            ret = _np.sum(absx, axis=axis, keepdims=keepdims)
            return ret ** (_np.asarray(1.0, dtype=ret.dtype) / ord)
    elif len(axis) == 2:
        row_axis, col_axis = axis
        row_axis = row_axis % nd if -nd <= row_axis < nd else _bad_axis(row_axis, nd)
        col_axis = col_axis % nd if -nd <= col_axis < nd else _bad_axis(col_axis, nd)
        if row_axis == col_axis:
            raise ValueError("Duplicate axes given.")
        if ord == 2:
            ret = _multi_svd_norm(x, row_axis, col_axis, _np.amax)
        elif ord == -2:
            ret = _multi_svd_norm(x, row_axis, col_axis, _np.amin)
        elif ord == 1:
            if col_axis > row_axis:
                col_axis -= 1
            ret = _np.sum(_np.abs(x), axis=row_axis).max(axis=col_axis)
        elif ord == inf:
            if row_axis > col_axis:
                row_axis -= 1
            ret = _np.sum(_np.abs(x), axis=col_axis).max(axis=row_axis)
        elif ord == -1:
            if col_axis > row_axis:
                col_axis -= 1
            ret = _np.sum(_np.abs(x), axis=row_axis).min(axis=col_axis)
        elif ord == -inf:
            if row_axis > col_axis:
                row_axis -= 1
            ret = _np.sum(_np.abs(x), axis=col_axis).min(axis=row_axis)
        elif ord in [None, "fro", "f"]:
            ret = _np.sqrt(_np.sum(_abs2(x), axis=axis))
        elif ord == "nuc":
            ret = _multi_svd_norm(x, row_axis, col_axis, _np.sum)
        else:
            raise ValueError("Invalid norm order for matrices.")
        if keepdims:
            ret_shape = list(x.shape)
            ret_shape[axis[0]] = 1
            ret_shape[axis[1]] = 1
            ret = _np.reshape(ret, ret_shape)
        return ret
    else:
        raise ValueError("Improper number of dimensions to norm.")


def _bad_axis(axis, nd):
    raise _np.exceptions.AxisError(f"axis {axis} is out of bounds for array of dimension {nd}")


def cond(x, p=None):
    x = _np.asarray(x)
    if p is None or p == 2 or p == -2:
        s = svd(x, compute_uv=False)
        with _np.errstate(all="ignore"):
            if p == -2:
                r = s[..., -1] / s[..., 0]
            else:
                r = s[..., 0] / s[..., -1]
    else:
        _assert_stacked_2d(x)
        _assert_stacked_square(x)
        r = norm(x, p, axis=(-2, -1)) * norm(inv(x), p, axis=(-2, -1))
    return r


__all__ = ["matrix_power", "solve", "inv", "cholesky", "eigvalsh", "eigh", "svd", "svdvals", "det", "slogdet",
           "pinv", "matrix_rank", "norm", "cond", "lstsq", "qr", "multi_dot", "LinAlgError", "eig", "eigvals"]
