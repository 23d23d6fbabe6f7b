# NumPy scalars behave as numbers: float(), int(), formatting, arithmetic with Python numbers.
import numpy as np

x = np.float64(1.5)
y = np.float32(0.1)
i = np.int64(7)
print(x, y, i, repr(x), repr(y), repr(i))
print(float(x), float(y), int(i), int(np.float64(2.9)), bool(np.float64(0.0)), bool(i))
print(x + 1, 1 + x, x * 2, 2 / x, x ** 2, -x, abs(np.float64(-2.0)), x // 1, x % 1)
print(type(x + 1).__name__, type(1 + x).__name__, type(i + 1).__name__, type(i / 2).__name__, type(y * 2).__name__, type(y * 2.0).__name__)
print(f"{x:.3f} {y:.4f} {i:5d} {x} {y} {i} {x:e} {np.float64(1234.5):,.1f}")
print("%.2f %d %s" % (x, i, y))
print(x == 1.5, i == 7, x > 1, y < 0.2)
print(round(x), round(np.float64(3.14159), 2), max(np.float64(1.0), 2.0), sum(np.array([1, 2, 3])))
print(range(np.int64(3)), [10, 20, 30][np.int64(1)], (4, 5, 6)[np.int64(2)])
print(np.float64(3), np.float32(2.5) + np.float32(0.25), np.int64(2.7), np.float64("1.25"))
print(np.array([1.5, 2.5])[0].item(), type(np.array([1.5])[0].item()).__name__, x.dtype, i.shape, y.ndim)
print(isinstance(x, np.floating), isinstance(i, np.integer), isinstance(np.arange(2), np.ndarray), isinstance(x, np.ndarray))
print(np.pi, np.e, np.inf, np.nan, np.newaxis is None)
print(np.float32(1) / np.float32(3), np.float64(1) / 3, np.float32(16777217.0))
s = 0.0
for v in np.array([0.25, 0.5, 0.125]):
    s += v
print(s, type(s).__name__)
