# pickle of NumPy arrays, NumPy scalars and dtypes (replay buffers, trajectory datasets and logged
# arrays pickled by real programs), and np.partition / np.argpartition's contract (top-k selection).
import pickle
import numpy as np

a = np.arange(6, dtype=np.float32).reshape(2, 3)
data = {
    "obs": a,
    "act": np.array([1, 2, 3], dtype=np.int64),
    "done": np.array([True, False]),
    "T": a.T,
    "ret": np.float64(2.5),
    "step": np.int32(7),
    "dtype": np.dtype("float32"),
    "list": [np.zeros(2, dtype=np.uint8), np.ones((1, 2), dtype=np.float64)],
}
for protocol in (2, 4, 5):
    back = pickle.loads(pickle.dumps(data, protocol=protocol))
    for k in data:
        v = back[k]
        print(protocol, k, type(v).__name__, repr(v))
# shared arrays stay shared (the memo)
shared = np.arange(3)
x, y = pickle.loads(pickle.dumps([shared, shared]))
print(x is y, x)
# argpartition: the kth element in sorted position, no larger one before it, no smaller one after
d = np.array([5.0, 1.0, 4.0, 2.0, 3.0, 0.5])
for k in (0, 2, 5):
    idx = np.argpartition(d, k)
    print(k, d[idx[k]], sorted(d[idx[:k]].tolist()), sorted(d[idx[k + 1:]].tolist()))
    p = np.partition(d, k)
    print(k, p[k], bool((p[:k] <= p[k]).all()), bool((p[k + 1:] >= p[k]).all()))
m = np.array([[3, 1, 2], [9, 7, 8]])
print(np.take_along_axis(m, np.argpartition(m, 1, axis=1), axis=1)[:, 1])
print(sorted(np.argpartition(m, 1, axis=None)[:2].tolist()))
try:
    np.argpartition(d, 6)
except ValueError as e:
    print("ValueError:", e)
