# np.fromfile (binary with count/offset, text with sep) and ndarray.tofile
import numpy as np, os, tempfile
d = tempfile.mkdtemp()
p = os.path.join(d, 'raw.bin')
with open(p, 'wb') as f:
    f.write(np.arange(6, dtype=np.float64).tobytes())
print(np.fromfile(p), np.fromfile(p, dtype=np.float64, count=2), np.fromfile(p, offset=16))
q = os.path.join(d, 'nums.txt')
with open(q, 'w') as f:
    f.write('1.5, 2.5, 3.5')
print(np.fromfile(q, sep=','))
r = os.path.join(d, 'out.bin')
(np.arange(4) * 1.5).tofile(r)
print(np.fromfile(r))
np.array([1, 2, 3]).tofile(os.path.join(d, 'out.txt'), sep=' ')
print(open(os.path.join(d, 'out.txt')).read())
