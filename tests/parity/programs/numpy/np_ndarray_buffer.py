# numpy.ndarray(shape, dtype, buffer=, offset=): an array over another array's memory (shared, as
# GunhoChoi's FastCampus notebooks build a colour table) or over bytes (copied from an immutable
# object in NumPy too: the array is read-only there, so only its values are compared here).
import numpy as np

b = np.array([1, 2, 3, 4, 5, 6])
a = np.ndarray(shape=(2, 3), dtype=int, buffer=b)
print(a, a.dtype, a.shape)
a[0, 0] = 9
print(b)
print(np.ndarray(shape=[2, 3], dtype=float, buffer=[51, 153, 255] * np.ones(shape=[2, 3])))
print(np.ndarray((2,), dtype=np.int32, buffer=np.arange(4, dtype=np.int32), offset=8))
print(np.ndarray((2,), buffer=np.array([1.0, 2.0, 3.0]), offset=8))
print(np.ndarray((2, 2), dtype=np.uint8, buffer=np.array([258, 3], dtype=np.int16)))
r = np.ndarray((2,), buffer=b'\x00\x00\x00\x00\x00\x00\xf0?\x00\x00\x00\x00\x00\x00\x00@')
print(r, r.dtype)
print(np.ndarray((3,), dtype=np.float32).shape, np.ndarray((2, 2)).dtype)
try:
    np.ndarray((4,), dtype=int, buffer=np.arange(3))
except TypeError as e:
    print("TypeError:", e)
