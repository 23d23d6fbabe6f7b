# NumPy integer scalars as slice bounds (Zhenye-Na/DA-RNN's X[indices[bs]:indices[bs] + T - 1, :]
# with indices from np.random.permutation): lists, tuples, str, range, bytes and arrays take them,
# as they take any object with __index__; a 1-element array is refused by its __index__.
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
for bad in (np.array([1]),):
    try:
        seq[bad:3]
    except TypeError as e:
        print("TypeError:", e)
