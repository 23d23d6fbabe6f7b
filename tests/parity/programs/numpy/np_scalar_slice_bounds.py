# NumPy integer scalars as slice bounds (Zhenye-Na/DA-RNN's X[indices[bs]:indices[bs] + T - 1, :]
# with indices from np.random.permutation): lists, tuples, str, range, bytes and arrays take them,
# as they take any object with __index__; a float scalar (no __index__ in NumPy) or a 1-element array
# (whose __index__ refuses) is not a bound.
import numpy as np

i, j, s = np.int64(1), np.int32(4), np.int16(2)
seq = [0, 1, 2, 3, 4, 5]
print(seq[i:j], seq[i:j:s], tuple(seq)[i:], "kiln-probe"[i:j], list(range(10)[i:j]), b"abcdef"[:j])
X = np.arange(12).reshape(6, 2)
print(X[i:i + 3, :].tolist(), X[i:j:s].tolist())
idx = np.random.RandomState(0).permutation(4)
for k in range(2):
    print(idx[k], X[idx[k]:idx[k] + 2, 0].tolist())
lst = list(range(8))
lst[i:j] = ["a"]
print(lst)
for bad in (np.float64(1.0), np.array([1])):
    try:
        seq[bad:3]
    except TypeError as e:
        print("TypeError:", e)
print(hasattr(np.int64(1), "__index__"), hasattr(np.float32(1), "__index__"), hasattr(np.arange(2), "__index__"))
try:
    range(np.float32(3))
except TypeError as e:
    print("TypeError:", str(e).replace("numpy.", ""))
