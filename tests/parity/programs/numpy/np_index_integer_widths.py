# Fancy indexing with integer arrays of every width (the NYU course's plot_lib colours points with
# `image[coords[:, 0], coords[:, 1]]` where coords came from Tensor.short().numpy()): int8/int16/
# int32/uint8 index arrays select like int64 ones (uint8 arrays are indices, not masks), in reads and
# writes, and float index arrays raise NumPy's IndexError.
import numpy as np

img = np.arange(5 * 4 * 3, dtype=np.float32).reshape(5, 4, 3)
for dt in (np.int8, np.int16, np.int32, np.uint8, np.int64):
    r = np.array([0, 4, 2, 4], dtype=dt)
    c = np.array([3, 0, 1, 1], dtype=dt)
    sel = img[r, c]
    print(np.dtype(dt).name, sel.shape, sel.dtype, sel[:, 0].tolist(), img[r].shape, img[:, c, 2].tolist()[0])
a = np.zeros(6, dtype=np.int64)
a[np.array([1, 3, 3], dtype=np.int16)] = 7
a[np.array([5], dtype=np.uint8)] += 2
print(a.tolist())
m = np.array([1, 0, 1, 1, 0, 1], dtype=np.uint8)
print(a[m].tolist())
try:
    img[np.array([0.0, 1.0])]
except IndexError as e:
    print("IndexError:", e)
