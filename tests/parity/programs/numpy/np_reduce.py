# Reductions with axis= and keepdims=, NumPy's result dtypes and summation order.
import numpy as np

a = np.arange(12).reshape(3, 4)
print(a.sum(), a.sum(axis=0), a.sum(axis=1), a.sum(axis=-1, keepdims=True), np.sum(a, axis=(0, 1)))
print(a.mean(), a.mean(axis=0), a.mean(axis=1, keepdims=True), np.mean(a), type(a.mean()).__name__)
print(a.std(), a.std(axis=0), a.var(), a.var(axis=1), np.std(a, ddof=1), a.var(ddof=1))
print(a.max(), a.min(), a.max(axis=0), a.min(axis=1), np.max(a, axis=1, keepdims=True), np.amax(a), np.amin(a))
print(a.argmax(), a.argmin(), a.argmax(axis=0), a.argmin(axis=1), np.argmax(np.array([1, 3, 3, 2])))
print(a.prod(), np.arange(1, 6).prod(), a.prod(axis=0), a.cumsum(), a.cumsum(axis=0), a.cumsum(axis=1))
print(np.cumsum([1.5, 2.5, 3.0]), np.cumprod(np.array([1, 2, 3, 4])))
b = np.array([[True, False], [True, True]])
print(b.sum(), b.any(), b.all(), b.all(axis=0), b.any(axis=1), np.any(a > 10), np.all(a >= 0))
f = np.array([0.1, 0.2, 0.3, 0.4], dtype=np.float32)
print(f.sum(), f.mean(), f.sum().dtype, f.std(), repr(f.sum()), repr(f.mean()))
g = np.arange(1000) * 0.1
print(repr(g.sum()), repr(g.mean()), repr(g.std()), repr(g.var()))
h = (np.arange(300).reshape(20, 15) * 0.37) % 1.0
print(repr(h.sum()), h.sum(axis=0)[:3], h.sum(axis=1)[:3], repr(h.mean(axis=0)[0]), repr(h.std()))
k = np.arange(20000) * 0.001
print(repr(k.sum()), repr((k * k).sum()))
print(np.sum([1, 2, 3]), np.mean([1.0, 2.0]), np.max([3, 1, 2]), np.median(np.array([3.0, 1.0, 2.0, 10.0])))
print(np.count_nonzero(np.array([0, 1, 2, 0])), np.array([[1, 2], [3, 4]]).sum(axis=0).tolist())
try:
    np.array([]).max()
except ValueError as e:
    print("ValueError", e)
