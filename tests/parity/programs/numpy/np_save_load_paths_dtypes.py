# NumPy file functions given pathlib.Path names (`np.load(mask_dir / name)` in segmentation loaders)
# and .npy round trips of every integer and float width: save/load (uint8 image masks, int8/16/32,
# float16), the suffix that save and savez add to a Path, savetxt/loadtxt/genfromtxt, fromfile and
# tofile through Path objects, and an open file object still working.
import io
import pathlib
import tempfile

import numpy as np

d = pathlib.Path(tempfile.mkdtemp())
img = (np.arange(24).reshape(2, 4, 3) * 10).astype(np.uint8)
np.save(d / "img.npy", img)
back = np.load(d / "img.npy")
print(back.dtype, back.shape, np.array_equal(back, img), back[1, 3])
for dt in (np.int8, np.int16, np.int32, np.float16, np.float32, np.int64, np.bool_):
    a = np.array([1, 0, 3], dtype=dt)
    np.save(d / "a", a)
    b = np.load(d / "a.npy")
    print(b.dtype, b.tolist(), sorted(p.name for p in d.iterdir()))
with open(d / "img.npy", "rb") as f:
    raw = f.read()
print(raw[:6], len(raw))
print(np.load(io.BytesIO(raw)).shape)
np.savez(d / "arch", x=img, y=np.arange(3, dtype=np.int16))
z = np.load(d / "arch.npz")
print(sorted(z.files), z["x"].dtype, z["y"].tolist())
np.savetxt(d / "t.txt", np.array([[1.5, 2.0], [3.0, 4.25]]), fmt="%.2f")
print(open(d / "t.txt").read(), np.loadtxt(d / "t.txt"), np.genfromtxt(d / "t.txt").shape)
np.arange(4, dtype=np.int32).tofile(d / "r.bin")
print(np.fromfile(d / "r.bin", dtype=np.int32))
# np.unique along an axis (a mask's distinct RGB colors, Pytorch-UNet's unique_mask_values)
rgb = np.array([[[0, 0, 0], [255, 0, 0]], [[0, 0, 0], [0, 255, 0]], [[255, 0, 0], [255, 0, 0]]], dtype=np.uint8)
colors = np.unique(rgb.reshape(-1, rgb.shape[-1]), axis=0)
print(colors.dtype, colors.tolist())
u, i, inv, c = np.unique(np.array([[1, 2], [0, 5], [1, 2], [0, 1]]), axis=0, return_index=True,
                         return_inverse=True, return_counts=True)
print(u.tolist(), i.tolist(), inv.tolist(), c.tolist())
print(np.unique(np.array([[3, 1, 3], [2, 0, 2]]), axis=1).tolist(), np.unique(np.array([2, 1, 2]), axis=0))
print(sorted(np.unique(np.concatenate([np.unique(np.array([0, 255], dtype=np.uint8)), np.array([0], dtype=np.uint8)]), axis=0).tolist()))
try:
    np.unique(np.arange(3), axis=1)
except Exception as e:
    print(type(e).__name__, e)
