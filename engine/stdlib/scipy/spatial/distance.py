# scipy.spatial.distance for Kiln: cdist, pdist and squareform with the common metrics, plus the
# single-pair functions (euclidean, sqeuclidean, cityblock, chebyshev, minkowski, cosine, correlation,
# hamming, braycurtis, canberra). Inputs become float64 arrays as in SciPy; the sums over features run
# in feature order, as SciPy's C distance loops do, so results match to the last bit for the metrics
# computed that way; metric may also be a Python callable taking two 1-D arrays.
import numpy as _np

__all__ = ["cdist", "pdist", "squareform", "euclidean", "sqeuclidean", "cityblock", "chebyshev",
           "minkowski", "cosine", "correlation", "hamming", "braycurtis", "canberra"]

_METRIC_ALIASES = {
    "euclidean": "euclidean", "euclid": "euclidean", "eu": "euclidean", "e": "euclidean",
    "sqeuclidean": "sqeuclidean", "sqe": "sqeuclidean", "sqeuclid": "sqeuclidean",
    "cityblock": "cityblock", "manhattan": "cityblock", "cblock": "cityblock", "taxicab": "cityblock",
    "cb": "cityblock", "c": "cityblock",
    "chebyshev": "chebyshev", "chebychev": "chebyshev", "cheby": "chebyshev", "cheb": "chebyshev", "ch": "chebyshev",
    "minkowski": "minkowski", "mi": "minkowski", "m": "minkowski", "pnorm": "minkowski",
    "cosine": "cosine", "cos": "cosine",
    "correlation": "correlation", "co": "correlation",
    "hamming": "hamming", "hamm": "hamming", "ha": "hamming", "h": "hamming",
    "braycurtis": "braycurtis", "canberra": "canberra",
}


def _as_2d(X, name):
    X = _np.asarray(X, dtype=_np.float64)
    if X.ndim != 2:
        raise ValueError(f"{name} must be a 2-dimensional array.")
    return X


def _pairwise(A, B, metric, p):
    # one (len(A), len(B)) float64 array, summed over the features in order
    ma, mb, n = A.shape[0], B.shape[0], A.shape[1]
    if metric in ("cosine", "correlation"):
        if metric == "correlation":
            A = A - A.mean(axis=1, keepdims=True)
            B = B - B.mean(axis=1, keepdims=True)
        dot = _np.zeros((ma, mb))
        na = _np.zeros((ma, 1))
        nb = _np.zeros((1, mb))
        for k in range(n):
            dot = dot + A[:, k:k + 1] * B[:, k][None, :]
            na = na + A[:, k:k + 1] * A[:, k:k + 1]
            nb = nb + B[:, k][None, :] * B[:, k][None, :]
        d = 1.0 - dot / (_np.sqrt(na) * _np.sqrt(nb))
        return _np.clip(d, 0.0, 2.0)
    if metric == "chebyshev":
        acc = _np.zeros((ma, mb))
        for k in range(n):
            acc = _np.maximum(acc, _np.abs(A[:, k:k + 1] - B[:, k][None, :]))
        return acc
    if metric == "hamming":
        acc = _np.zeros((ma, mb))
        for k in range(n):
            acc = acc + (A[:, k:k + 1] != B[:, k][None, :])
        return acc / n
    if metric == "braycurtis":
        num = _np.zeros((ma, mb))
        den = _np.zeros((ma, mb))
        for k in range(n):
            num = num + _np.abs(A[:, k:k + 1] - B[:, k][None, :])
            den = den + _np.abs(A[:, k:k + 1] + B[:, k][None, :])
        return num / den
    if metric == "canberra":
        acc = _np.zeros((ma, mb))
        for k in range(n):
            a, b = A[:, k:k + 1], B[:, k][None, :]
            num = _np.abs(a - b)
            den = _np.abs(a) + _np.abs(b)
            acc = acc + _np.where(den > 0, num / _np.where(den > 0, den, 1.0), 0.0)
        return acc
    acc = _np.zeros((ma, mb))
    for k in range(n):
        diff = A[:, k:k + 1] - B[:, k][None, :]
        if metric in ("euclidean", "sqeuclidean"):
            acc = acc + diff * diff
        elif metric == "cityblock":
            acc = acc + _np.abs(diff)
        else:  # minkowski
            acc = acc + _np.abs(diff) ** p
    if metric == "euclidean":
        return _np.sqrt(acc)
    if metric == "minkowski":
        return acc ** (1.0 / p)
    return acc


def _resolve(metric):
    if callable(metric):
        return metric
    if not isinstance(metric, str):
        raise TypeError("2nd argument metric must be a string identifier or a function.")
    name = _METRIC_ALIASES.get(metric.lower())
    if name is None:
        raise ValueError(f"Unknown Distance Metric: {metric}")
    return name


def cdist(XA, XB, metric="euclidean", *, out=None, **kwargs):
    XA = _as_2d(XA, "XA")
    XB = _as_2d(XB, "XB")
    if XA.shape[1] != XB.shape[1]:
        raise ValueError("XA and XB must have the same number of columns (i.e. feature dimension.)")
    m = _resolve(metric)
    if callable(m):
        d = _np.empty((XA.shape[0], XB.shape[0]))
        for i in range(XA.shape[0]):
            for j in range(XB.shape[0]):
                d[i, j] = m(XA[i], XB[j], **kwargs)
    else:
        d = _pairwise(XA, XB, m, float(kwargs.get("p", 2.0)))
    if out is not None:
        out[...] = d
        return out
    return d


def pdist(X, metric="euclidean", *, out=None, **kwargs):
    X = _as_2d(X, "X")
    m = X.shape[0]
    full = cdist(X, X, metric, **kwargs)
    iu = _np.triu_indices(m, 1)
    d = full[iu] if m > 1 else _np.zeros(0)
    if out is not None:
        out[...] = d
        return out
    return d


def squareform(X, force="no", checks=True):
    X = _np.ascontiguousarray(X)
    s = X.shape
    if force.lower() == "tomatrix" and len(s) != 1:
        raise ValueError("Forcing 'tomatrix' but input X is not a distance vector.")
    if force.lower() == "tovector" and len(s) != 2:
        raise ValueError("Forcing 'tovector' but input X is not a distance matrix.")
    if len(s) == 1:
        if s[0] == 0:
            return _np.zeros((1, 1), dtype=X.dtype)
        d = int(_np.ceil(_np.sqrt(s[0] * 2)))
        if d * (d - 1) != s[0] * 2:
            raise ValueError("Incompatible vector size. It must be a binomial coefficient n choose 2 for some "
                             "integer n >= 2.")
        M = _np.zeros((d, d), dtype=X.dtype)
        iu = _np.triu_indices(d, 1)
        M[iu] = X
        return M + M.T
    if len(s) == 2:
        if s[0] != s[1]:
            raise ValueError("The matrix argument must be square.")
        if checks:
            # is_valid_dm(X, throw=True, name='X'): symmetry first, then the diagonal
            if not _np.array_equal(X, X.T):
                raise ValueError("Distance matrix 'X' must be symmetric.")
            if _np.any(_np.diag(X) != 0):
                raise ValueError("Distance matrix 'X' diagonal must be zero.")
        d = s[0]
        if d <= 1:
            return _np.array([], dtype=X.dtype)
        return X[_np.triu_indices(d, 1)].copy()
    raise ValueError(f"The first argument must be one or two dimensional array. A {len(s)}-dimensional "
                     f"array is not permitted")


def _pair(u, v, metric, p=2.0):
    u = _np.asarray(u, dtype=_np.float64).reshape(1, -1)
    v = _np.asarray(v, dtype=_np.float64).reshape(1, -1)
    if u.shape != v.shape:
        raise ValueError(f"operands could not be broadcast together with shapes {u.shape[1:]} {v.shape[1:]}")
    return float(_pairwise(u, v, metric, p)[0, 0])


def euclidean(u, v, w=None):
    return _pair(u, v, "euclidean")


def sqeuclidean(u, v, w=None):
    return _pair(u, v, "sqeuclidean")


def cityblock(u, v, w=None):
    return _pair(u, v, "cityblock")


def chebyshev(u, v, w=None):
    return _pair(u, v, "chebyshev")


def minkowski(u, v, p=2, w=None):
    if p <= 0:
        raise ValueError("p must be greater than 0")
    return _pair(u, v, "minkowski", float(p))


def cosine(u, v, w=None):
    return _pair(u, v, "cosine")


def correlation(u, v, w=None, centered=True):
    return _pair(u, v, "correlation" if centered else "cosine")


def hamming(u, v, w=None):
    return _pair(u, v, "hamming")


def braycurtis(u, v, w=None):
    return _pair(u, v, "braycurtis")


def canberra(u, v, w=None):
    return _pair(u, v, "canberra")
