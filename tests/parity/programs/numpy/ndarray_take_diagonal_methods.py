# ndarray methods that NumPy defines as the module function applied to the array: a.take (whisper's
# pad_or_trim trims NumPy audio with array.take(indices=range(length), axis=axis)), a.put, a.diagonal,
# a.trace, a.searchsorted, a.argpartition, and a.partition, which works in place and returns None
# (np.partition returns a copy). Kiln's ndarray lacked these methods (AttributeError).
import numpy as np

a = np.arange(12.0).reshape(3, 4)
print(a.take(indices=range(2), axis=-1))
print(a.take([0, 2]), a.take(5), a.take([[1], [2]], axis=0).shape)
audio = np.ones((2, 50), dtype=np.float32)
print(audio.take(indices=range(30), axis=-1).shape, audio.take(indices=range(30), axis=-1).dtype)
print(a.diagonal(), a.diagonal(1), a.diagonal(offset=-1), a.trace(), a.trace(1))
s = np.array([1, 2, 3, 5, 8])
print(s.searchsorted(3), s.searchsorted(3, side='right'), s.searchsorted([0, 4, 9]))
b = np.array([5, 1, 4, 2, 3])
print(sorted(b.argpartition(2)[:2].tolist()), b[b.argpartition(2)[2]])
c = b.copy()
r = c.put([0, 1], [9, 8])
print(c, r)
d = b.copy()
print(d.partition(2), d[2], sorted(d[:2].tolist()), sorted(d[3:].tolist()))
print(np.partition(b, 2)[2], b)
