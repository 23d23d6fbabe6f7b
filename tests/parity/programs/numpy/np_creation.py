# Array creation and the basic attributes.
import numpy as np

a = np.array([[1, 2, 3], [4, 5, 6]])
print(a.dtype, a.shape, a.ndim, a.size, len(a), a.itemsize, a.nbytes)
print(np.array([1, 2.5]).dtype, np.array([True, False]).dtype, np.array([True, 2]).dtype)
print(np.array([1, 2], dtype=np.float32).dtype, np.array([1.7, -2.7], dtype=np.int64))
print(np.array(5).shape, np.array(5).ndim, np.array([[1], [2]]).shape)
print(np.array((1, 2, 3)), np.asarray([4, 5]))
b = np.asarray(a)
print(b is a, np.asarray(a, dtype=np.float64) is a)
print(np.zeros(3), np.ones((2, 2), dtype=np.int64), np.zeros((2,), dtype=bool))
print(np.full((2, 3), 7), np.full(2, 0.5), np.full((2, 2), 1.5, dtype=np.float32))
print(np.zeros_like(a), np.ones_like(a, dtype=np.float64), np.full_like(a, 9))
print(np.empty((2, 2)).shape, np.empty_like(a).dtype)
print(np.arange(5), np.arange(2, 10, 3), np.arange(5.0), np.arange(0, 1, 0.25))
print(np.arange(10, 0, -2), np.arange(0), np.arange(3, dtype=np.float32))
print(np.arange(0.1, 0.5, 0.1))
print(np.linspace(0, 1, 5), np.linspace(0, 10, 4, endpoint=False))
print(np.linspace(1, 2, 3, dtype=np.float32), np.linspace(0, 1, 1))
r, step = np.linspace(0, 1, 6, retstep=True)
print(r, step)
print(np.eye(3), np.eye(2, 3, k=1), np.eye(2, dtype=np.int64), np.identity(2))
print(a.T, a.T.shape, a.reshape(3, 2), a.reshape(-1), a.reshape((1, 6)))
print(a.flatten(), a.ravel(), a.astype(np.float32), a.astype(float).dtype, a.astype(bool))
c = a.copy()
c[0, 0] = 100
print(a[0, 0], c[0, 0])
print(a.tolist(), np.array([1.5, 2.0]).tolist(), np.array(3).tolist(), a[1, 2].item(), np.array([2.5]).item())
print(type(a.tolist()[0][0]).__name__, type(np.array([1.5]).tolist()[0]).__name__)
print(np.array([[1, 2], [3, 4]]).transpose(), np.zeros((2, 3, 4)).transpose(1, 0, 2).shape)
try:
    a.reshape(4, 2)
except ValueError as e:
    print("ValueError", e)
try:
    np.array([[1, 2], [3]])
except ValueError as e:
    print("ValueError", str(e)[:60])
