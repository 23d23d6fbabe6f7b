# Parity program (numpy, golden from NumPy 2 via gen_numpy_goldens.sh): NumPy's binary ufuncs as
# numpy.ufunc objects (reduce / accumulate / outer / at, identity, nin/nout, repr) and
# numpy.gradient (uniform and coordinate spacing, edge_order 1 and 2, several axes), as probe 13
# found real programs calling them (pytorch-lr-finder: np.bitwise_xor.reduce for its XOR data,
# np.gradient(losses).argmin() for its suggested learning rate).
import numpy as np

raw = np.array([[1, 0, 1, 1], [0, 0, 1, 0], [1, 1, 1, 1]])
print(np.bitwise_xor.reduce(raw, axis=1), np.bitwise_or.reduce(raw, axis=0), np.bitwise_and.reduce(raw, axis=None))
print(np.add.reduce(raw), np.add.reduce(raw, axis=None), np.add.reduce(raw, axis=1, keepdims=True))
print(np.multiply.reduce([1.5, 2.0, 4.0]), np.maximum.reduce(raw, axis=1), np.minimum.reduce([[3, 1], [2, 5]]))
print(np.logical_and.reduce([[True, True, False], [True, False, False]]), np.logical_or.reduce([False, False]))
print(np.subtract.reduce(np.array([10, 1, 2])), np.add.reduce(np.array([[1, 2], [3, 4]]), axis=(0, 1)))
print(np.add.reduce(np.zeros((0,))), np.add.reduce([], initial=5), np.add.reduce([True, True, False]))
print(np.maximum.accumulate(np.array([1, 3, 2, 5, 4])), np.minimum.accumulate(np.array([[3., 1.], [2., 4.]]), axis=1))
print(np.add.accumulate([1, 2, 3]), np.multiply.accumulate([1, 2, 3, 4]), np.logical_or.accumulate([False, True, False]))
print(np.multiply.outer([1, 2, 3], [10, 20]))
print(np.subtract.outer(np.arange(3), np.arange(2)), np.add.outer([1.5], [[1, 2]]).shape)
a = np.zeros(5)
np.add.at(a, [0, 1, 1, 4], 1)
print(a)
b = np.zeros((3, 2))
np.add.at(b, np.array([0, 0, 2]), np.array([1., 2.]))
print(b)
c = np.ones(4)
np.multiply.at(c, [1, 1, 3], 3.0)
print(c)
print(np.add, np.maximum, np.maximum.__name__, np.add.identity, np.multiply.identity, np.maximum.identity,
      np.logical_and.identity, np.bitwise_xor.identity)
print(np.add.nin, np.add.nout, np.add.nargs, isinstance(np.add, np.ufunc), type(np.add).__name__, np.true_divide)
print(np.add(1, 2), np.maximum(np.array([1, 5]), 3), np.power.outer([2, 3], [1, 2]))
for bad in (lambda: np.maximum.reduce(np.array([])), lambda: np.minimum.reduce([])):
    try:
        bad()
    except ValueError as e:
        print(type(e).__name__, e)

print(np.gradient([1, 2, 4, 7, 11]), np.gradient(np.array([1, 2, 4, 7, 11.]), 2))
f = np.array([1, 2, 4, 7, 11, 16], dtype=float)
x = np.array([0., 1., 1.5, 3.5, 4., 6.])
print(np.gradient(f, x), np.gradient(f, edge_order=2), np.gradient(f, x, edge_order=2))
print(np.gradient(np.array([[1, 2, 6], [3, 4, 5]])))
print(np.gradient(np.array([[1, 2, 6], [3, 4, 5]]), axis=1), np.gradient(np.array([[1, 2, 6], [3, 4, 5]]), 2.0, axis=0))
print(np.gradient(np.array([[1., 2, 6], [3, 4, 5]]), [1., 3.], [0., 1., 3.]))
print(np.gradient(np.array([10.0, 8, 4, 1, 4, 16])).argmin(), np.gradient(np.arange(5) ** 2, np.arange(5) * 2))
for bad in (lambda: np.gradient([1.0]), lambda: np.gradient([1.0, 2.0], edge_order=2), lambda: np.gradient([1., 2., 3.], edge_order=3)):
    try:
        bad()
    except ValueError as e:
        print(type(e).__name__, e)
