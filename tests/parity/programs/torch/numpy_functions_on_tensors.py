import numpy as np
import torch
# NumPy functions given a tensor: numpy/_core/fromnumeric.py calls the tensor's own method of the same
# name (_wrapfunc); when that raises TypeError (NumPy passes out=, order=, kind=, which Tensor methods do
# not take) NumPy runs the ndarray method on np.asarray(t) and Tensor.__array_wrap__ turns the result
# back into a tensor. Reductions (_wrapreduction, mean/std/var) let the method's TypeError through.
t = torch.tensor([[1.0, 5.0, 2.0], [7.0, 0.0, 3.0]])
r = np.argmax(t, axis=1)
print(type(r).__name__, r, r.shape, r.dtype)
print(np.argmax(t), np.argmin(t, axis=0))
print(np.round(t / 3, 2))
print(np.around(t / 3))
print(np.clip(t, 1, 4))
print(np.transpose(t))
print(np.reshape(t, (3, 2)))
print(np.squeeze(t.unsqueeze(0)).shape, np.squeeze(t.unsqueeze(0), axis=0).shape)
print(np.cumsum(t, axis=1))
print(np.argsort(t, axis=1))
print(np.nonzero(t))
for f in (np.mean, np.sum, np.max, np.min, np.std, np.var, np.prod, np.any, np.all, np.amax):
    try:
        print(f.__name__, f(t))
    except TypeError:
        print(f.__name__, "TypeError")
try:
    np.sum(t, axis=0)
except TypeError:
    print("sum axis=0 TypeError")
# The array protocol.
print(np.asarray(t).dtype, np.array(t, dtype=np.float64).dtype, np.asarray(t).shape)
print(t.__array__().dtype, t.__array__(np.int64))
w = t.__array_wrap__(np.array([[True, False]]))
print(w, w.dtype)
try:
    np.argmax(torch.ones(2, requires_grad=True))
except RuntimeError as e:
    print("RuntimeError:", e)
# ndarrays, lists and numbers take NumPy's own paths.
x = np.arange(6.0).reshape(2, 3)
print(np.argmax(x, axis=1), np.round(x / 4, 1), np.mean(x), np.transpose(x).shape)
print(np.mean([1, 2, 3]), np.argmax([1, 3, 2]), np.round([1.26, 2.5], 1), np.clip([1, 5], 2, 3))


# Any object: its method wins; a TypeError falls back to np.asarray(obj) through __array__.
class Box:
    def __init__(self, v):
        self.v = v

    def mean(self, axis=None, dtype=None, out=None):
        return ("Box.mean", axis, dtype, out)

    def argmax(self, axis=None, out=None):
        raise TypeError("not this way")

    def __array__(self, dtype=None, copy=None):
        return np.array(self.v)


print(np.mean(Box([1, 2])), np.mean(Box([1, 2]), axis=0))
print(np.argmax(Box([1, 4, 2])), np.asarray(Box([3, 4])) * 2)
