# Arithmetic, comparisons and NumPy's type promotion, with broadcasting and in-place updates.
import numpy as np

a = np.array([1, 2, 3])
f = np.array([0.5, 1.5, 2.5])
h = np.array([1.0, 2.0, 4.0], dtype=np.float32)
print(a + f, (a + f).dtype, a * 2, (a * 2).dtype, a * 2.0, (a * 2.0).dtype)
print(a / 2, (a / 2).dtype, a // 2, a % 2, a ** 2, 2 ** a, -a, abs(-f), +a)
print(h + 1, (h + 1).dtype, (h + 1.5).dtype, (h + a).dtype, (h + f).dtype, (h * np.float32(2)).dtype)
print((h + np.float64(1)).dtype, (a + np.float32(1)).dtype, (a + True).dtype)
print(a == 2, a != 2, a < 2, a <= 2, f > 1, f >= 1.5, a == f)
m = np.arange(6).reshape(2, 3)
print(m + np.array([10, 20, 30]), m * np.array([[1], [2]]), m - m.mean(axis=0))
print(np.arange(3)[:, None] * np.arange(4)[None, :])
print(1 - f, 10 / a, 2.5 * m, 7 // a, 7 % a, 3 - a)
b = np.array([True, False, True])
print(b & np.array([True, True, False]), b | False, b ^ True, ~b, b + b, (b * 2).dtype, b.sum())
x = np.array([1.0, 2.0, 3.0])
x += 1
x *= 2
x -= np.array([1.0, 1.0, 1.0])
x /= 4
print(x)
y = np.arange(4)
y += 3
y *= y
print(y)
try:
    y += 1.5
except TypeError as e:
    print("TypeError", e)
try:
    np.ones(3) + np.ones(4)
except ValueError as e:
    print("ValueError", str(e)[:40])
try:
    b - b
except TypeError as e:
    print("TypeError", str(e)[:40])
print(np.array([1, 2]) @ np.array([3, 4]), np.array([[1, 2], [3, 4]]) @ np.array([[5], [6]]))
z = np.array(2.0) * 3
print(z, type(z).__name__, np.array(3) + 1, type(np.array(3) + 1).__name__)
print(np.float64(2.5) * a, type(f[0] * 2).__name__, f[0] + f[1], f[0] < f[1])
print(0.1 + np.float32(0.2), type(0.1 + np.float32(0.2)).__name__)
