# Copies, machine limits, ufunc out=, print options, norms, and NumPy values in Python builtins.
import copy
import numpy as np

a = np.arange(4.0)
b = copy.deepcopy(a)
b[0] = 9
c = copy.copy(a)
c[1] = -1
print(a, b, c)
print(np.finfo(np.float32).eps, repr(np.finfo(np.float32).eps), np.finfo(np.float64).eps, np.finfo(np.float32).max)
print(np.finfo(np.float32).eps.item(), np.finfo(float).tiny, np.iinfo(np.int64).max, np.iinfo(np.int64).min)
out = np.zeros(3)
r = np.add(np.arange(3), 0.5, out=out)
print(out, r is out)
np.multiply(out, 2, out=out)
np.exp(np.zeros(3), out=out)
print(out)
try:
    np.add(np.arange(3), 0.5, out=np.zeros(3, dtype=np.int64))
except TypeError as e:
    print("TypeError", e)
print(np.linalg.norm(np.array([3.0, 4.0])), np.linalg.norm(np.arange(6).reshape(2, 3), axis=1), np.linalg.norm(np.ones((2, 2))))
x = np.arange(6)
x.shape = (2, 3)
print(x, x.shape)
print(sorted(np.array([3, 1, 2])), max(np.array([1.5, 0.5])), min(a), list(np.arange(3)), tuple(np.arange(2)))
print(dict(zip(["x", "y"], np.array([1, 2]))), sum(np.array([0.5, 0.25])), [v * 2 for v in np.array([1, 2])])
print(str(np.float64(0.1) * 3), repr(np.float32(1e6)), repr(np.float32(999999.0)), str(np.float32(1.5e-5)), str(np.float32(0.0001)))
print(np.float32(np.pi), np.int64(5) // 2, -np.int64(3) % 5, np.float32(2) ** 10)
print(f"{np.array([1.5, 2.5])}", "{}".format(np.float32(1.5)), "%s" % np.array([1, 2]), f"{np.float32(0.1)}")
print(np.arange(3) * np.float32(1.5), (np.arange(3) * np.float32(1.5)).dtype, (np.ones(2, dtype=np.float32) * 2.5).dtype)
np.set_printoptions(linewidth=40)
print(np.arange(20) * 1.5)
np.set_printoptions(threshold=10, edgeitems=2)
print(np.arange(20), repr(np.arange(12).reshape(3, 4)))
np.set_printoptions(linewidth=75, threshold=1000, edgeitems=3, precision=4)
print(np.array([np.pi, np.e]), np.array([1e-6, 1.0]))
np.set_printoptions(precision=8)
print(np.array([[1e10, 1], [2, 3]]), np.array([-1e-8, 1.0]), np.array([1.5, np.nan, -np.inf]))
print(repr(np.array([1.0, 2.0], dtype=np.float16)), np.array([0.1, 0.2], dtype=np.float16))
