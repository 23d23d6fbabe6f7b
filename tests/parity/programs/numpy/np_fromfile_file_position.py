# np.fromfile on an open file reads from the file's current position and, in binary mode with a
# count, consumes only those elements, so a second fromfile continues after them (PyTorch-YOLOv3's and
# every darknet port's load_darknet_weights: a 5-int32 header, then the float32 weights, from one file
# object); offset= skips bytes from the current position. A path is read from its start.
import os
import tempfile

import numpy as np

d = tempfile.mkdtemp()
path = os.path.join(d, "w.weights")
header = np.array([0, 2, 5, 64, 0], dtype=np.int32)
weights = (np.arange(12, dtype=np.float32) - 5.5) / 4
with open(path, "wb") as f:
    header.tofile(f)
    weights.tofile(f)
    print("written", f.tell())

with open(path, "rb") as f:
    h = np.fromfile(f, dtype=np.int32, count=5)
    print(h, h.dtype, f.tell())
    w = np.fromfile(f, dtype=np.float32)
    print(w, w.dtype, f.tell())

with open(path, "rb") as f:
    a = np.fromfile(f, dtype=np.int32, count=2)
    b = np.fromfile(f, dtype=np.int32, count=2, offset=4)
    print(a, b, f.tell())
    f.seek(20)
    c = np.fromfile(f, dtype=np.float32, count=3)
    print(c, f.tell())
    rest = np.fromfile(f, dtype=np.float32, count=-1)
    print(rest.shape, f.tell())

print(np.fromfile(path, dtype=np.int32, count=5), np.fromfile(path, dtype=np.float32, offset=20)[:4])
