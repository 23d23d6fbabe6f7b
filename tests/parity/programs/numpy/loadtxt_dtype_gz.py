# np.loadtxt with a narrower dtype and a gzip-compressed file, as PyTorchZeroToAll's
# `np.loadtxt('./data/diabetes.csv.gz', delimiter=',', dtype=np.float32)` reads its data set.
import gzip
import os

import numpy as np

rows = ["-0.294118,0.487437,0.180328,0", "0.1,0.25,-1.5,1", "3.14159,2.71828,1e-3,0"]
with gzip.open("loadtxt_tmp.csv.gz", "wt") as f:
    f.write("\n".join(rows) + "\n")
with open("loadtxt_tmp.csv", "w") as f:
    f.write("\n".join(rows) + "\n")
xy = np.loadtxt("loadtxt_tmp.csv.gz", delimiter=",", dtype=np.float32)
print(xy.dtype, xy.shape)
print(xy)
print(xy[:, 0:-1].sum(), xy[:, [-1]].T)
print(np.array_equal(xy, np.loadtxt("loadtxt_tmp.csv", delimiter=",", dtype=np.float32)))
for dt in (np.float64, np.float16, np.int32, np.uint8, "float32", "int64"):
    a = np.loadtxt("loadtxt_tmp.csv.gz", delimiter=",", usecols=[3], dtype=dt)
    print(a.dtype, a)
os.remove("loadtxt_tmp.csv.gz")
os.remove("loadtxt_tmp.csv")
