# NumPy's bitwise ufuncs (&, |, ^ and np.bitwise_*) on integer arrays and scalars, with NumPy's
# promotion (weak Python ints, mixed widths), bool arrays as logic, and the TypeError for floats.
import numpy as np

a = np.array([0b1100, 0b1010, -1, 255, 7], dtype=np.int64)
b = np.array([0b1010, 0b0110, 12, 15, 1], dtype=np.int64)
print(a & b, a | b, a ^ b)
print(np.bitwise_and(a, b), np.bitwise_or(a, 3), np.bitwise_xor(5, b))
t = np.frombuffer(bytes([1, 2, 255, 255, 16, 0]), dtype=np.int16)
print(t, t.astype(np.int64) & 0xFFFF, (t.astype(np.int64) & 0xFFFF).dtype)
u = np.arange(8, dtype=np.uint8)
print(u & 3, (u & 3).dtype, u | np.int8(-128), (u | np.int8(-128)).dtype)
i32 = np.array([1, 2, 3], dtype=np.int32)
print((i32 ^ np.array([3, 3, 3], dtype=np.int16)).dtype, (i32 & 1).dtype)
x = np.array([[1, 2], [3, 4]])
print(x & np.array([1, 0]), x[0, 1] & 3, type(x[0, 1] & 3).__name__)
m = np.array([True, False, True])
print(m & np.array([True, True, False]), m | False, m ^ True)
a &= 6
print(a)
for f in [lambda: np.array([1.5]) & 1, lambda: np.bitwise_or(np.array([1.0]), np.array([2]))]:
    try:
        f()
    except TypeError as e:
        print("TypeError", e)
