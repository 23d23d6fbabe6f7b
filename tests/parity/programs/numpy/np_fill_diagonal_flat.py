# np.fill_diagonal (masking a similarity matrix's self-pairs, zeroing an adjacency's loops) and
# ndarray.flat (numpy.flatiter): C-order reads by index, slice, list and mask, iteration, and writes
# that repeat the values over the selected positions, also through a transposed view.
import numpy as np

a = np.zeros((3, 3), int)
np.fill_diagonal(a, 5)
print(a)
b = np.zeros((5, 3))
np.fill_diagonal(b, [1, 2])
print(b)
c = np.zeros((5, 3))
np.fill_diagonal(c, 4, wrap=True)
print(c)
d = np.zeros((2, 2, 2), int)
np.fill_diagonal(d, 1)
print(d.tolist())
sim = np.arange(9.0).reshape(3, 3)
np.fill_diagonal(sim, -np.inf)
print(sim)
for bad in (np.zeros(3), np.zeros((2, 3, 2))):
    try:
        np.fill_diagonal(bad, 1)
    except ValueError as e:
        print("ValueError:", e)

x = np.arange(6).reshape(2, 3)
print(x.flat[4], x.flat[-1], x.flat[1:4], x.flat[[0, 5]], len(x.flat))
print(list(x.flat), [int(v) for v in x.flat])
print(x.flat[np.array([True, False, True, False, False, True])])
x.flat[::2] = 0
print(x)
x.flat[[1, 3]] = [10, 30]
print(x)
x.flat[:] = [7, 8]
print(x)
t = np.arange(6).reshape(3, 2).T
print(list(int(v) for v in t.flat), t.flat[1])
t.flat[0:3] = -1
print(t)
try:
    x.flat[6]
except IndexError as e:
    print("IndexError:", e)
