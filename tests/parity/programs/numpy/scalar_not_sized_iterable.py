# NumPy scalars (numpy.generic) are not sequences: no __len__, no iteration, no `in`; 0-d and n-d
# arrays have __len__ (a 0-d one raising "len() of unsized object"). d2l's Vocab.to_tokens tells one
# index from many with hasattr(indices, '__len__') and gets NumPy integers from topk(...).numpy().
# Kiln's scalars had ndarray's __len__ (so to_tokens called len() and failed) and iterated as empty.
import numpy as np

for s in (np.int32(3), np.int64(4), np.float32(1.5), np.float64(2.5), np.bool_(True)):
    print(type(s).__name__, hasattr(s, '__len__'), hasattr(s, '__getitem__'), s[()], s.shape, s.ndim)
    for f in (lambda: len(s), lambda: list(s), lambda: 1 in s, lambda: [x for x in s]):
        try:
            f()
            print('  no error')
        except TypeError as e:
            print('  TypeError')
a0 = np.array(7)
print(hasattr(a0, '__len__'), hasattr(np.arange(3), '__len__'))
try:
    len(a0)
except TypeError as e:
    print('TypeError:', e)
try:
    iter(a0)
except TypeError as e:
    print('TypeError:', e)
print(len(np.arange(3)), list(np.arange(3)), 2 in np.arange(3), 5 in np.arange(3))
idx = np.array([4, 1, 2]).astype('int32')
for i in idx[1:]:
    print(type(i).__name__, hasattr(i, '__len__') and len(i) > 1)
