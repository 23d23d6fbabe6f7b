# numpy.testing's assertion messages, numpy.lib.stride_tricks.sliding_window_view and
# np.random.multivariate_normal (legacy global state, RandomState and Generator streams).
import numpy as np
from numpy.testing import assert_allclose, assert_array_equal, assert_almost_equal, assert_equal
from numpy.lib.stride_tricks import sliding_window_view


def show(f):
    try:
        f()
        print("passed")
    except AssertionError as e:
        print("AssertionError:" + str(e))


show(lambda: assert_allclose(np.array([1.0, 2.0, 3.0]), np.array([1.0, 2.0, 3.0 + 1e-9])))
show(lambda: assert_allclose(np.array([1.0, 2.0, 3.1]), np.array([1.0, 2.0, 3.0])))
show(lambda: assert_allclose([1.0, 2.5], [1.0, 2.0], rtol=1e-3, atol=1e-2, err_msg="loss mismatch"))
show(lambda: assert_allclose(np.arange(10.0), np.arange(10.0) * 1.5))
show(lambda: assert_allclose(np.array([1.0, np.nan]), np.array([1.0, np.nan])))
show(lambda: assert_allclose(np.array([1.0, np.nan]), np.array([1.0, 2.0])))
show(lambda: assert_allclose(np.zeros(3), np.zeros(4)))
show(lambda: assert_allclose(np.array([[1.0, 2.0], [3.0, 4.0]]), np.array([[1.0, 2.0], [3.0, 4.5]])))
show(lambda: assert_allclose(np.array([0.5, 0.0]), 0.0))
show(lambda: assert_array_equal(np.array([1, 2, 3]), np.array([1, 2, 4])))
show(lambda: assert_array_equal([1, 2], [1, 2]))
show(lambda: assert_almost_equal(1.0, 1.0000001))
show(lambda: assert_almost_equal(1.0, 1.1))
show(lambda: assert_almost_equal(np.array([1.0, 2.0]), np.array([1.0, 2.001]), decimal=4))
show(lambda: assert_equal(3, 4))
show(lambda: assert_equal([1, 2], [1, 2]))
show(lambda: np.testing.assert_allclose(np.float64(1.0), 1.0 + 1e-12))

x = np.arange(8)
print(sliding_window_view(x, 3))
m = np.arange(12).reshape(3, 4)
v = sliding_window_view(m, (2, 2))
print(v.shape, v[1, 2])
print(sliding_window_view(m, 3, axis=1))
print(sliding_window_view(m, (2, 3), axis=(0, 1)).shape, sliding_window_view(x, 4).mean(axis=-1))
print(np.lib.stride_tricks.sliding_window_view(np.arange(5.0), 2).sum(axis=1))
for args in [(x, 9), (x, -1), (m, 2), (m, (2, 2), (0,))]:
    try:
        sliding_window_view(*args)
    except ValueError as e:
        print("ValueError", e)

np.random.seed(0)
s = np.random.multivariate_normal([0.0, 1.0], [[1.0, 0.5], [0.5, 2.0]], size=4)
print(s.shape, np.round(s, 6))
rs = np.random.RandomState(42)
t = rs.multivariate_normal(np.zeros(3), np.diag([1.0, 4.0, 9.0]), size=(2, 2))
print(t.shape, np.round(t, 6))
print(np.round(rs.multivariate_normal([1.0, -1.0], [[2.0, 0.3], [0.3, 1.0]]), 6))
g = np.random.default_rng(7)
u = g.multivariate_normal([0.0, 0.0], [[1.0, 0.9], [0.9, 1.0]], size=3)
print(u.shape, np.round(u, 6))
print(np.round(g.multivariate_normal([0.0, 0.0], [[1.0, 0.9], [0.9, 1.0]], size=2, method="cholesky"), 6))
big = np.random.RandomState(1).multivariate_normal([2.0, -3.0], [[1.0, 0.8], [0.8, 1.0]], size=5000)
print(np.round(big.mean(axis=0), 2), np.round(np.cov(big.T), 2))
for cov in ([[1.0, 2.0], [2.0, 1.0]],):
    try:
        np.random.multivariate_normal([0.0, 0.0], cov, check_valid="raise")
    except ValueError as e:
        print("ValueError", e)
for bad in [([0.0], [[1.0, 0.0], [0.0, 1.0]]), ([[0.0]], [[1.0]]), ([0.0, 0.0], [1.0, 1.0])]:
    try:
        np.random.multivariate_normal(*bad)
    except ValueError as e:
        print("ValueError", e)
