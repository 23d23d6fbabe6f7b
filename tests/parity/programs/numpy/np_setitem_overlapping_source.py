# Assigning from a view of the same array: NumPy copies a source that overlaps the destination first,
# so shifts and scatters read the old values (PointNet's provider.random_point_dropout:
# `batch_pc[b, drop_idx, :] = batch_pc[b, 0, :]`); PyTorch's index_put_ would refuse the overlap.
import numpy as np

a = np.arange(10.)
a[1:] = a[:-1]
print(a.tolist())
a = np.arange(10.)
a[:-2] = a[2:]
print(a.tolist())
b = np.arange(12.).reshape(3, 4)
b[0, [1, 2]] = b[0, 0]
print(b.tolist())
c = np.arange(6.)
c[[0, 1, 2]] = c[[1, 2, 3]]
print(c.tolist())
d = np.arange(6.)
d[d > 2] = d[:3]
print(d.tolist())
pc = np.arange(24, dtype=np.float32).reshape(1, 8, 3)
drop_idx = np.where(np.array([0.1, 0.9, 0.2, 0.95, 0.5, 0.99, 0.3, 0.7]) > 0.6)[0]
pc[0, drop_idx, :] = pc[0, 0, :]
print(drop_idx.tolist(), pc[0].tolist())
m = np.arange(9).reshape(3, 3)
m[:, 1:] = m[:, :2]
print(m.tolist())
