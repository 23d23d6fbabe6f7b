# np.savez / savez_compressed / np.load of .npz archives (round trip)
import numpy as np, io, os, tempfile
buf = io.BytesIO()
np.savez(buf, np.arange(3), w=np.ones((2, 2)), flags=np.array([True, False]))
buf.seek(0)
z = np.load(buf)
print(sorted(z.files), z['arr_0'], z['w'], z['flags'], 'w' in z, len(z))
d = tempfile.mkdtemp()
np.savez_compressed(os.path.join(d, 'c'), a=np.linspace(0, 1, 5))
with np.load(os.path.join(d, 'c.npz')) as f:
    print(f['a'], list(f.keys()))
print(np.load(os.path.join(d, 'c.npz'))['a'].dtype)
