import numpy as np
# NumPy's narrow integer dtypes: names, promotion, printing, casts and reductions.
for dt in [np.uint8, np.int8, np.int16, np.int32]:
    d = np.dtype(dt)
    print(d, d.itemsize, d.kind, d.char, np.iinfo(dt).min, np.iinfo(dt).max)
a = np.array([1, 2, 250], dtype=np.uint8)
print(a, a.dtype, repr(a))
print(a + np.uint8(10))
print(a + 1, (a + 1).dtype)
print(a * 2, (a * 2).dtype)
b = np.array([-1, 5, 7], dtype=np.int8)
print(a + b, (a + b).dtype)
c = np.array([100000, -3, 4], dtype=np.int32)
print(c, repr(c), c.dtype)
print(c + np.array([1, 1, 1]), (c + np.array([1, 1, 1])).dtype)
print(c * 1.5, (c * 1.5).dtype)
print(c / 2, (c / 2).dtype)
print(c // 2, c % 3)
print(a.astype(np.float32) / 255)
print(np.array([1.9, -1.9, 300.0]).astype(np.int16))
print(np.array([3.7, 200.2]).astype(np.uint8))
print(a.sum(), c.sum(), c.max(), c.argmin(), c.mean())
print(np.int32(7), repr(np.int32(7)), repr(np.uint8(200)), repr(c[0]))
print(np.zeros(3, dtype=np.int16), np.ones((2, 2), dtype="int32"), np.arange(4, dtype="uint8"))
print(np.array([1, 2], dtype="i4").dtype, np.array([1], dtype="u1").dtype)
print(a.astype(np.int32) + np.array([1.5], dtype=np.float32), (b + np.float32(1)).dtype)
print((np.array([1], dtype=np.int16) + np.array([1.0], dtype=np.float16)).dtype)
print((np.array([1], dtype=np.int8) + np.array([1.0], dtype=np.float16)).dtype)
print(~a, ~b)
print(c.tolist(), [type(v).__name__ for v in c.tolist()])
for make in [lambda: np.array([300], dtype=np.uint8), lambda: np.array([-1], dtype=np.uint8),
             lambda: np.uint8(256), lambda: np.int8(-129), lambda: np.int16(32767)]:
    try:
        print(repr(make()))
    except Exception as e:
        print(type(e).__name__, e)
# MNIST's idx files are read with np.frombuffer.
raw = bytes([0, 0, 8, 1, 0, 0, 0, 3, 5, 0, 9])
labels = np.frombuffer(raw, dtype=np.uint8, offset=8)
print(labels, labels.dtype, labels.astype(np.int64).sum())
print(np.frombuffer(raw[:8], dtype=np.int16), np.frombuffer(raw, dtype=np.uint8, count=3))
for make in [lambda: np.frombuffer(raw, np.int16), lambda: np.frombuffer(raw, np.uint8, count=20),
             lambda: np.frombuffer(raw, np.uint8, offset=12), lambda: np.frombuffer([1, 2], np.uint8)]:
    try:
        print(make())
    except Exception as e:
        print(type(e).__name__, e)
