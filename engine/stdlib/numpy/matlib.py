# numpy.matlib for Kiln: imported by course notebooks for `np.matlib.repmat` (udlbook's loss and
# explainability notebooks), the one function of the module that returns a plain ndarray. As in
# NumPy 2 the module warns PendingDeprecationWarning on import (hidden by the default filters),
# re-exports the numpy namespace and defines repmat with NumPy's reshape/repeat steps. Left out: the
# functions that return np.matrix (empty, zeros, ones, identity, eye, rand, randn), which raise
# NotImplementedError because Kiln's numpy has no matrix class.
import warnings

warnings.warn("Importing from numpy.matlib is deprecated since 1.19.0. The matrix subclass is not the recommended "
              "way to represent matrices or deal with linear algebra (see https://docs.scipy.org/doc/numpy/user/"
              "numpy-for-matlab-users.html). Please adjust your code to use regular ndarray. ",
              PendingDeprecationWarning, stacklevel=2)

import numpy as np
from numpy import *  # noqa: F401,F403

__version__ = np.__version__


def _no_matrix(name):
    def f(*args, **kwargs):
        raise NotImplementedError(f"numpy.matlib.{name} returns np.matrix, which Kiln's numpy does not have")
    f.__name__ = name
    return f


empty = _no_matrix('empty')
zeros = _no_matrix('zeros')
ones = _no_matrix('ones')
identity = _no_matrix('identity')
eye = _no_matrix('eye')
rand = _no_matrix('rand')
randn = _no_matrix('randn')


def repmat(a, m, n):
    a = np.asanyarray(a)
    ndim = a.ndim
    if ndim == 0:
        origrows, origcols = (1, 1)
    elif ndim == 1:
        origrows, origcols = (1, a.shape[0])
    else:
        origrows, origcols = a.shape
    rows = origrows * m
    cols = origcols * n
    c = a.reshape(1, a.size).repeat(m, 0).reshape(rows, origcols).repeat(n, 0)
    return c.reshape(rows, cols)
