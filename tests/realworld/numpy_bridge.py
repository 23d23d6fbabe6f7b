# Real-program corpus (tests/realworld, see README.md): the NumPy side of the tutorials: a cubic fit
# of sin(x) in pure NumPy with np.random.randn weights, then the tensor <-> ndarray bridge
# (torch.from_numpy and Tensor.numpy sharing memory, np.add(..., out=)), numpy-made datasets turned
# into tensors with map(torch.tensor, ...), np.finfo eps, np.random.permutation minibatches and
# np.sum(np.multiply(...)) weighted means: the workflow of pytorch/tutorials
# beginner_source/examples_tensor/polynomial_numpy.py, basics/tensorqs_tutorial.py and
# nn_tutorial.py @ 06782c92ebe7f6bf491fd4e03446a3c17200914c. Written for Kiln, not copied.
import math

import numpy as np
import torch

np.random.seed(0)
x = np.linspace(-math.pi, math.pi, 2000)
y = np.sin(x)
a, b, c, d = np.random.randn(), np.random.randn(), np.random.randn(), np.random.randn()
print(f"{a:.6f} {b:.6f} {c:.6f} {d:.6f}")
learning_rate = 1e-6
for t in range(1000):
    y_pred = a + b * x + c * x ** 2 + d * x ** 3
    loss = np.square(y_pred - y).sum()
    if t % 250 == 249:
        print(t, f"{loss:.2f}")
    grad_y_pred = 2.0 * (y_pred - y)
    a -= learning_rate * grad_y_pred.sum()
    b -= learning_rate * (grad_y_pred * x).sum()
    c -= learning_rate * (grad_y_pred * x ** 2).sum()
    d -= learning_rate * (grad_y_pred * x ** 3).sum()
print(f'Result: y = {a:.4f} + {b:.4f} x + {c:.4f} x^2 + {d:.4f} x^3')

data = [[1, 2], [3, 4]]
np_array = np.array(data)
x_np = torch.from_numpy(np_array)
print(x_np, x_np.dtype, np_array.dtype)
t = torch.ones(5)
n = t.numpy()
t.add_(1)
print(f"t: {t}")
print(f"n: {n}")
n = np.ones(5)
t = torch.from_numpy(n)
np.add(n, 1, out=n)
print(f"t: {t}")
print(f"n: {n}")

x_train = np.random.rand(20, 3).astype(np.float32)
y_train = np.random.randint(0, 2, 20)
x_t, y_t = map(torch.tensor, (x_train, y_train))
print(x_t.shape, x_t.dtype, y_t.dtype, y_t.min().item() >= 0)
eps = np.finfo(np.float32).eps.item()
print(eps, type(eps).__name__)
ri = np.random.permutation(x_train.shape[0])[:5]
print(ri, x_train[ri].shape)
losses, nums = zip(*[(0.5, 4), (0.25, 4), (1.0, 2)])
print(np.sum(np.multiply(losses, nums)) / np.sum(nums))
arr = np.arange(12).reshape(3, 4)
print(arr[:, 1:3], arr.mean(axis=0), arr.T.shape, arr.argmax())
print(torch.from_numpy(arr.astype(np.float64)).sum(dim=1))
