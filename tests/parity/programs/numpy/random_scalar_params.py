# np.random's legacy draws take NumPy scalars as their number parameters, as mtrand reads them through
# PyFloat_AsDouble: ZhixiuYe/NER-pytorch's train.py draws its embedding init with
# np.random.uniform(-np.sqrt(0.06), np.sqrt(0.06), (n, d)) (probe 28: Kiln said "low must be real
# number, not float64"). normal/uniform with float64, float32 and int64 scalars, and the draws match
# NumPy's streams.
import numpy as np

np.random.seed(12345)
b = np.sqrt(0.06)
print(type(b).__name__, np.random.uniform(-b, b, (2, 3)).round(6))
print(round(np.random.uniform(np.float32(0.5), np.int64(3)), 6))
print(np.random.normal(np.float64(1.0), np.float32(0.25), 4).round(6))
rs = np.random.RandomState(7)
print(rs.uniform(-np.sqrt(6.0 / 10), np.sqrt(6.0 / 10), size=3).round(6), round(rs.normal(np.mean([1.0, 2.0]), np.std([1.0, 2.0])), 6))
