# Indexing and slicing: ints, slices (also negative steps), None, Ellipsis, masks, index arrays, assignment.
import numpy as np

a = np.arange(24).reshape(2, 3, 4)
print(a[0], a[1, 2], a[1, 2, 3], a[-1, -1, -1])
print(a[:, 1], a[..., 0], a[0, ..., 1], a[:, None, 0].shape, a[np.newaxis].shape)
print(a[0, 1:3], a[0, ::2], a[1, :, 1:3], a[0, 0, ::-1], a[::-1, 0, 0])
print(a[0, ::-2], a[:, ::-1, 0])
v = np.arange(10)
print(v[2:8:3], v[-3:], v[:-7], v[::-1], v[8:2:-2], v[100:], v[5:5])
m = v > 4
print(m, v[m], v[v % 2 == 0], v[(v > 2) & (v < 6)], v[(v < 2) | (v > 8)], v[~m])
print(v[[0, 2, 4]], v[np.array([9, 8, 1])], v[[True, False] * 5])
b = np.arange(12).reshape(3, 4)
print(b[[0, 2]], b[[0, 2], [1, 3]], b[:, [0, 3]], b[b > 6], b[1:, [0, 2]])
print(b[np.array([[0, 1], [2, 0]])].shape)
s = b[1]
s[0] = 100
print(b)
b[0] = 7
b[:, 3] = [-1, -2, -3]
b[2, 1:3] = 0.9
print(b)
b[b < 0] = 0
print(b)
b[[0, 1], [0, 1]] = 55
print(b)
f = np.zeros((2, 3))
f[0, :] = np.array([1.5, 2.5, 3.5])
f[1] += 1
f[..., 2] = 9
print(f)
x = np.arange(5)
x[1:3] = x[3:5]
print(x)
for row in np.arange(6).reshape(3, 2):
    print(row, row[0] + row[1])
for el in np.array([0.5, 1.5]):
    print(el, type(el).__name__)
print(5 in np.arange(10), 11 in np.arange(10))
try:
    v[10]
except IndexError as e:
    print("IndexError", e)
try:
    v[1, 2]
except IndexError as e:
    print("IndexError", e)
