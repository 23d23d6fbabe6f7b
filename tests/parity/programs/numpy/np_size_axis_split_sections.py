# np.size(a, axis) (a.shape[axis]: SciPy-derived differential evolution in torchattacks' OnePixel
# checks `np.size(self.limits, 0) != 2`) and np.split / np.array_split with a section count that is
# not an int (`np.split(delta, len(delta) / len(bounds))`, a float): NumPy tells counts from index
# lists by len(), then takes int() of the count.
import numpy as np

a = np.arange(24).reshape(2, 3, 4)
print(np.size(a), np.size(a, 0), np.size(a, 1), np.size(a, -1), np.size([[1, 2, 3]], 1), np.size(5))
try:
    np.size(a, 3)
except IndexError as e:
    print(type(e).__name__, e)
d = np.arange(10.0)
print([p.tolist() for p in np.split(d, 10 / 5)])
print([p.tolist() for p in np.split(d, np.int64(5))])
print([p.tolist() for p in np.array_split(d, 3.0)])
print([p.tolist() for p in np.array_split(d, 4)])
print([p.tolist() for p in np.split(d, [2, 5])])
print([p.tolist() for p in np.split(d, (3,))])
print([p.shape for p in np.split(a, 2.0, axis=2)])
for bad in (lambda: np.split(d, 3.0), lambda: np.array_split(d, 0.5)):
    try:
        bad()
    except ValueError as e:
        print(type(e).__name__, e)
