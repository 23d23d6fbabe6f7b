# NumPy's grid and product helpers and small array utilities that plotting, feature and fitting code
# calls: mgrid / ogrid (integer, float-step and complex-count slices: the decision-boundary meshes), indices,
# ix_, kron, tensordot, fromiter, tri, diagflat, dstack / dsplit, isposinf / isneginf, iscomplexobj,
# nancumsum / nancumprod, ediff1d, lexsort, array_equiv, extract, put / putmask, vander, and polyfit
# (plain, several columns, full=True, weights, its RankWarning), insert.
import warnings
import numpy as np
print(np.mgrid[0:3, 0:2])
print(np.mgrid[-1:1:5j], np.mgrid[0:1:0.25], np.mgrid[0:5])
xx, yy = np.mgrid[-1:1:3j, 0:2:0.5]
print(xx.dtype, xx.shape, yy)
print(np.ogrid[0:3, 0:2])
print(np.indices((2, 3)), np.indices((2, 3), sparse=True))
print(np.ix_([0, 1], [2, 4]), np.ix_(np.array([True, False, True])))
print(np.kron(np.eye(2), np.array([[1, 2], [3, 4]])), np.kron([1, 10], [1, 2, 3]), np.kron(np.ones((2, 2, 1)), np.arange(3)).shape)
a = np.arange(60.).reshape(3, 4, 5); b = np.arange(24.).reshape(4, 3, 2)
print(np.tensordot(a, b, axes=([1, 0], [0, 1])), np.tensordot(np.arange(4.), np.arange(4.), axes=1), np.tensordot(np.ones((2, 3)), np.ones((3, 4)), 1).shape)
print(np.fromiter((x * x for x in range(5)), dtype=float), np.fromiter(iter(range(10)), int, count=3))
print(np.tri(3, 4, 1), np.tri(3, dtype=int, k=-1))
print(np.diagflat([[1, 2], [3, 4]]), np.diagflat([1, 2], 1))
print(np.dstack((np.array([1, 2]), np.array([3, 4]))).shape, np.dsplit(np.arange(16.0).reshape(2, 2, 4), 2)[1])
x = np.array([-np.inf, 0., np.inf, np.nan])
print(np.isposinf(x), np.isneginf(x), np.iscomplexobj(x), np.isrealobj([1, 2]))
print(np.nancumsum([1, np.nan, 2]), np.nancumprod(np.array([[1, np.nan], [3, 4]]), axis=0))
print(np.ediff1d([1, 2, 4, 7, 0]), np.ediff1d(np.array([[1, 2], [4, 7]]), to_begin=-99, to_end=[88, 99]))
surnames = ('Hertz', 'Galilei', 'Hertz')
first = np.array([3, 1, 2])
print(np.lexsort((first, np.array([2, 1, 2]))), np.lexsort([np.array([1, 5, 1, 4, 3, 4, 4]), np.array([9, 4, 0, 4, 0, 2, 1])]))
print(np.array_equiv([1, 2], [[1, 2], [1, 2]]), np.array_equiv([1, 2], [[1, 2, 1, 2]]), np.array_equiv([1, 2], [1, 3]))
arr = np.arange(12).reshape((3, 4))
print(np.extract(np.mod(arr, 3) == 0, arr))
a = np.arange(5); np.put(a, [0, 2], [-44, -55]); print(a)
a = np.arange(5); np.put(a, 22, -5, mode='clip'); print(a)
x = np.arange(6).reshape(2, 3); np.putmask(x, x > 2, x ** 2); print(x)
x = np.arange(5); np.putmask(x, x > 1, [-33, -44]); print(x)
print(np.vander(np.array([1, 2, 3, 5])), np.vander([1., 2, 3], 2, increasing=True))
x = np.array([0.0, 1.0, 2.0, 3.0,  4.0,  5.0]); y = np.array([0.0, 0.8, 0.9, 0.1, -0.8, -1.0])
np.set_printoptions(precision=6)
print(np.polyfit(x, y, 3), np.polyfit(x, np.stack([y, 2 * y], 1), 1))
c, res, rank, sv, rc = np.polyfit(x, y, 2, full=True); print(c, res, rank, sv, rc)
print(np.polyfit(x, y, 1, w=np.arange(1, 7)))
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    np.polyfit([1.0, 1.0, 1.0], [1.0, 2.0, 3.0], 2)
    print([type(i.message).__name__ for i in w], str(w[0].message))

# insert: one index (scalar / list), several (sorted, repeated, negative), slices, axis, out of bounds
a = np.array([[1, 1], [2, 2], [3, 3]])
print(np.insert(a, 1, 5), np.insert(a, 1, 5, axis=1), np.insert(a, [1], [[1], [2], [3]], axis=1))
b = a.flatten()
print(np.insert(b, [2, 2], [5, 6]), np.insert(b, slice(2, 4), [5, 6]), np.insert(b, [2, 2], [7.13, False]))
x = np.arange(8).reshape(2, 4)
print(np.insert(x, (1, 3), 999, axis=1), np.insert(x, 0, [7, 8, 9, 10], axis=0), np.insert(x, -1, 0, axis=1))
print(np.insert(np.arange(5.0), [0, -1, 5], [10, 20, 30]), np.insert([1, 2, 3], 3, 4), np.insert(np.arange(3), [], []))
try:
    np.insert(b, 10, 1)
except IndexError as e:
    print("IndexError", e)
