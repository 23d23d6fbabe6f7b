# np.load(..., mmap_mode=...): ignored for .npz archives, whose members load as usual (WaveNet's
# WavenetDataset: `np.load('dataset.npz', mmap_mode='r')['arr_' + str(i)]`), a memmap over the data
# after the header for a .npy path (values, dtype, shape, offset, mode; 'c' writes stay in memory),
# and refused for an open file object.
import os
import tempfile

import numpy as np

d = tempfile.mkdtemp()
a = np.arange(12, dtype=np.float32).reshape(3, 4) / 2
np.save(os.path.join(d, "a.npy"), a)
np.savez(os.path.join(d, "b.npz"), np.arange(5, dtype=np.uint8), x=np.arange(3))

z = np.load(os.path.join(d, "b.npz"), mmap_mode="r")
print(type(z).__name__, sorted(z.keys()), z["arr_0"], z["arr_0"].dtype, z["x"])
print([len(z["arr_" + str(i)]) for i in range(len(z.keys()) - 1)])

m = np.load(os.path.join(d, "a.npy"), mmap_mode="r")
print(type(m).__name__, isinstance(m, np.ndarray), m.dtype, m.shape, m.mode, m.offset)
print(m[1], m[:, 2].sum(), np.asarray(m[2, 1:3]))
c = np.load(os.path.join(d, "a.npy"), mmap_mode="c")
c[0, 0] = 7
print(c[0, 0], np.load(os.path.join(d, "a.npy"))[0, 0])

with open(os.path.join(d, "a.npy"), "rb") as f:
    try:
        np.load(f, mmap_mode="r")
    except ValueError as e:
        print("ValueError:", e)
