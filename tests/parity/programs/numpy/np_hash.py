# NumPy scalars as dict keys (hashed and compared as the numbers they hold); arrays are unhashable.
import numpy as np

print(hash(np.float64(2.0)) == hash(2.0), hash(np.int64(7)) == hash(7), hash(np.float32(0.5)) == hash(0.5))
print({np.int64(3): "a"}[3], {3: "b"}[np.int64(3)], {2.5: "c"}[np.float64(2.5)])
counts = {}
for v in np.array([1, 2, 1, 3, 1]):
    counts[v] = counts.get(v, 0) + 1
print(counts, counts[1], 2 in counts, np.int64(3) in counts)
labels = np.array([0, 2, 1, 2])
names = {0: "cat", 1: "dog", 2: "bird"}
print([names[l] for l in labels], names[labels.argmax()])
print({np.dtype("float32"): 1}[np.dtype("float32")], np.dtype("float32") == np.float32, np.dtype("int64") == "int64")
try:
    print({np.arange(2): 1})
except TypeError as e:
    print("TypeError", e)
