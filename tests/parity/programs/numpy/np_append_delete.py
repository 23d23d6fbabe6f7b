# np.append and np.delete: without an axis both flatten; with one they join or drop along it. Index
# lists, negative indices, slices and boolean masks select what delete drops.
import numpy as np

print(np.append([1, 2], [[3, 4]]), np.append(np.zeros((1, 2)), [[1.0, 2.0]], axis=0))
print(np.append(np.array([1, 2], dtype=np.int32), [3]).dtype, np.append([1], [2.5]))
print(np.append(np.ones((2, 2)), np.zeros((2, 1)), axis=1))
a = np.arange(12).reshape(3, 4)
print(np.delete(a, 1, axis=1))
print(np.delete(a, [0, 2], axis=0))
print(np.delete(a, -1, axis=0))
print(np.delete(a, 5))
print(np.delete([1, 2, 3, 4], [0, 2]), np.delete(np.arange(6), slice(1, 5, 2)))
print(np.delete(np.arange(4), np.array([True, False, True, False])))
try:
    np.delete(np.arange(3), 5)
except IndexError as e:
    print('IndexError:', e)
