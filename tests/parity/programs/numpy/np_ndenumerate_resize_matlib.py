# np.ndenumerate / np.ndindex (grid loops of course notebooks), np.resize (repeat to fill, zeros for
# empty), ndarray.repeat, np.asanyarray and numpy.matlib.repmat.
import numpy as np
import numpy.matlib

a = np.array([[1.5, 2.0, -1.0], [3.0, 4.25, 0.5]])
for idx, v in np.ndenumerate(a):
    print(idx, v, type(v).__name__)
print(list(np.ndenumerate(np.arange(3))))
print(list(np.ndenumerate(np.array(7))))
print(list(np.ndenumerate(np.zeros((2, 0)))))
print(list(np.ndindex(2, 3)))
print(list(np.ndindex((2, 1, 2))))
print(list(np.ndindex()), list(np.ndindex(0, 3)))
grid = np.zeros((3, 4))
for (i, j), _ in np.ndenumerate(grid):
    grid[i, j] = i * 10 + j
print(grid)

print(np.resize(np.array([[0, 1], [2, 3]]), (2, 3)))
print(np.resize(np.arange(4), 6))
print(np.resize(np.arange(5), (2, 2)))
print(np.resize(np.array([1.5, 2.5]), 5))
print(np.resize(np.array([], dtype=float), (2, 2)))
print(np.resize(np.array([1, 2]), (0,)), np.resize(np.array([1, 2]), (0,)).dtype)
try:
    np.resize(np.arange(3), (-1, 2))
except ValueError as e:
    print('ValueError', e)

print(np.arange(3).repeat(2))
print(np.array([[1, 2], [3, 4]]).repeat(2, axis=0))
print(np.array([[1, 2], [3, 4]]).repeat([1, 3], axis=1))
print(np.asanyarray([1, 2, 3]), np.asanyarray(a) is a, np.asanyarray([1, 2], dtype=np.float32).dtype)

print(np.matlib.repmat(np.array([[1, 2], [3, 4]]), 2, 3))
print(np.matlib.repmat(np.arange(3), 2, 2))
print(np.matlib.repmat(5, 2, 3))
print(np.matlib.repmat(np.array([[0.5], [1.5]]), 1, 4).shape)
x = np.array([[1.0, 2.0, 3.0]]).T
mean = x.mean(axis=1, keepdims=True)
print(x - np.matlib.repmat(mean, 1, x.shape[1]))
