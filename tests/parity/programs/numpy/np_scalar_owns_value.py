# A NumPy scalar owns its value: a[i], the elements met iterating a 1-d array (for x in a, list(a),
# list.extend(a[2:4])), a 0-d array's a[()] and ndenumerate's values are copies, so a later in-place
# write to the array (np.random.shuffle, a[:] = ..., a += ...) leaves them as they were. Rows of a 2-d
# array stay views. The pattern of adambielski/siamese-triplet's BalancedBatchSampler: a batch list
# extended from a slice of an index array that is then reshuffled in place.
import numpy as np

a = np.arange(6)
ext = []
ext.extend(a[2:4])
one = a[1]
listed = list(a)
comp = [x for x in a]
a[:] = 100
print(ext, one, listed[:3], comp[:3])

b = np.arange(4.0)
first = b[0]
items = list(b)
b += 5
print(first, items, b)

z = np.array(7, dtype=np.int32)
zs = z[()]
z[()] = 8
print(zs, z, type(zs).__name__)

e = np.array([1.5, 2.5])
vals = [v for _, v in np.ndenumerate(e)]
e *= 2
print(vals, e)

m = np.arange(6).reshape(2, 3)
rows = list(m)
m[0, 0] = 99
print(rows[0], m[1][2])

np.random.seed(0)
idx = np.arange(8)
np.random.shuffle(idx)
batch = []
batch.extend(idx[4:8])
np.random.shuffle(idx)
print(batch, idx)
