# numpy.random's Python half (engine/bindings/numpy.cpp's np_random_module fills the module first):
# multivariate_normal for the legacy global state, RandomState and Generator, as NumPy 2.x draws
# it: the standard normals for the whole output first (final_shape = size + (n,)), then the SVD of
# the covariance (numpy.linalg.svd), the positive-semidefinite check with check_valid/tol, and the
# transform (legacy: x @ (sqrt(s)[:, None] * v) + mean; Generator: mean + x @ (u * sqrt(s)).T,
# or the eigh/cholesky factor its method= picks). Same stream order, so the same samples for the
# same seed, provided the SVD's signs agree with LAPACK's.

import numpy as _np


def _mvn_args(mean, cov, size):
    mean = _np.array(mean)
    cov = _np.array(cov)
    if size is None:
        shape = []
    elif isinstance(size, int) or (hasattr(size, "dtype") and _np.ndim(size) == 0):
        shape = [int(size)]
    else:
        shape = list(size)
    if len(mean.shape) != 1:
        raise ValueError("mean must be 1 dimensional")
    if (len(cov.shape) != 2) or (cov.shape[0] != cov.shape[1]):
        raise ValueError("cov must be 2 dimensional and square")
    if mean.shape[0] != cov.shape[0]:
        raise ValueError("mean and cov must have same length")
    final_shape = list(shape[:])
    final_shape.append(mean.shape[0])
    return mean, cov, final_shape


def _psd_problem(check_valid, psd):
    if check_valid != "warn" and check_valid != "raise":
        raise ValueError("check_valid must equal 'warn', 'raise', or 'ignore'")
    if not psd:
        if check_valid == "warn":
            import warnings
            warnings.warn("covariance is not symmetric positive-semidefinite.", RuntimeWarning,
                          stacklevel=3)
        else:
            raise ValueError("covariance is not symmetric positive-semidefinite.")


def _legacy_mvn(standard_normal, mean, cov, size=None, check_valid="warn", tol=1e-8):
    mean, cov, final_shape = _mvn_args(mean, cov, size)
    x = standard_normal(final_shape).reshape(-1, mean.shape[0])
    cov = cov.astype(_np.double)
    u, s, v = _np.linalg.svd(cov)
    if check_valid != "ignore":
        psd = _np.allclose(_np.dot(v.T * s, v), cov, rtol=tol, atol=tol)
        _psd_problem(check_valid, psd)
    x = _np.dot(x, _np.sqrt(s)[:, None] * v)
    x = x + mean
    return x.reshape(tuple(final_shape))


def multivariate_normal(mean, cov, size=None, check_valid="warn", tol=1e-8):
    """Draw random samples from a multivariate normal distribution (the global RandomState)."""
    return _legacy_mvn(standard_normal, mean, cov, size, check_valid, tol)


def _randomstate_mvn(self, mean, cov, size=None, check_valid="warn", tol=1e-8):
    return _legacy_mvn(self.standard_normal, mean, cov, size, check_valid, tol)


def _generator_mvn(self, mean, cov, size=None, check_valid="warn", tol=1e-8, *, method="svd"):
    if method not in {"eigh", "svd", "cholesky"}:
        raise ValueError("method must be one of {'eigh', 'svd', 'cholesky'}")
    mean, cov, final_shape = _mvn_args(mean, cov, size)
    x = self.standard_normal(final_shape).reshape(-1, mean.shape[0])
    cov = cov.astype(_np.double)
    if method == "svd":
        u, s, vh = _np.linalg.svd(cov)
    elif method == "eigh":
        s, u = _np.linalg.eigh(cov)
    else:
        l = _np.linalg.cholesky(cov)
    if check_valid != "ignore" and method != "cholesky":
        if method == "svd":
            psd = _np.allclose(_np.dot(vh.T * s, vh), cov, rtol=tol, atol=tol)
        else:
            psd = not bool(_np.any(s < -tol))
        _psd_problem(check_valid, psd)
    if method == "cholesky":
        factor = l
    elif method == "eigh":
        factor = u * _np.sqrt(_np.abs(s))
    else:
        factor = u * _np.sqrt(s)
    x = mean + x @ factor.T
    return x.reshape(tuple(final_shape))

# RandomState.multivariate_normal and Generator.multivariate_normal are native methods that call
# _randomstate_mvn / _generator_mvn (engine/bindings/numpy.cpp): the native types are immutable.
