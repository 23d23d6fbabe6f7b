# numpy.lib.stride_tricks as windowing code uses it (probe 35: a time-series forecaster builds its
# input windows with as_strided): ndarray.strides in bytes for each dtype and for views (transposes,
# steps, slices), as_strided windows that share memory with the source (writes through the view show
# in the source), shape/strides defaults, a read-only view with writeable=False, zero strides
# (a repeated row), sliding_window_view over 1-D and 2-D arrays with and without axis, its read-only
# default and its errors.
import numpy as np
from numpy.lib.stride_tricks import as_strided, sliding_window_view

for dt in (np.float64, np.float32, np.int64, np.int32, np.uint8, np.bool_):
    print(np.dtype(dt).name, np.zeros((3, 4), dtype=dt).strides)
a = np.arange(24, dtype=np.float64).reshape(2, 3, 4)
print(a.strides, a.T.strides, a[:, ::2, 1:].strides, a[1].strides, np.float64(1.0).strides if hasattr(np.float64(1.0), 'strides') else None)

x = np.arange(10.0)
w = np.lib.stride_tricks.as_strided(x, shape=(7, 4), strides=(x.strides[0], x.strides[0]))
print(w.shape, w.strides)
print(w[:-1][:3].tolist(), w[-1].tolist())
w2 = as_strided(x)
w2[0] = 100.0
print(x[:3].tolist(), w.flags.writeable)

xi = np.arange(12, dtype=np.int32)
pairs = as_strided(xi, shape=(6, 2), strides=(8, 4))
print(pairs.tolist(), pairs.dtype)
rep = as_strided(np.array([1.0, 2.0, 3.0]), shape=(4, 3), strides=(0, 8))
print(rep.tolist())
ro = as_strided(x, shape=(3,), strides=(16,), writeable=False)
print(ro.tolist(), ro.flags.writeable)
try:
    ro[0] = 1.0
except ValueError as e:
    print("ValueError:", e)

# windows of a slice start where the slice starts
y = np.arange(20.0)[5:]
print(as_strided(y, shape=(3, 3), strides=(y.strides[0], y.strides[0])).tolist())

v = sliding_window_view(np.arange(6), 3)
print(v.tolist(), v.shape, v.flags.writeable)
m = np.arange(12).reshape(3, 4)
print(sliding_window_view(m, (2, 2)).shape, sliding_window_view(m, (2, 2))[1, 2].tolist())
print(sliding_window_view(m, 3, axis=1).tolist())
print(sliding_window_view(m, (2, 2), axis=(0, 0)).shape)
vw = sliding_window_view(np.arange(5.0), 2, writeable=True)
print(vw.flags.writeable, vw.mean(axis=-1).tolist())
for bad in [dict(window_shape=7), dict(window_shape=(2, 2)), dict(window_shape=-1)]:
    try:
        sliding_window_view(np.arange(6), **bad)
    except ValueError as e:
        print("ValueError:", e)
