# np.long, back in NumPy 2.0 as the C long scalar type (int64 on 64-bit Linux): rixwew/pytorch-fm's
# layers build their field offsets with np.array((0, *np.cumsum(field_dims)[:-1]), dtype=np.long).
import numpy as np

print(np.long is np.int64, np.dtype(np.long), np.dtype("long"))
offsets = np.array((0, *np.cumsum([3, 4, 5])[:-1]), dtype=np.long)
print(offsets, offsets.dtype, repr(offsets))
print(np.long(7), type(np.long(7)).__name__, np.zeros(2, dtype=np.long).dtype)
print(np.array((0,), dtype=np.long) + np.int32(2))
