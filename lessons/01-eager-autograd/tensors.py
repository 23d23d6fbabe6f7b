import torch

# Every line runs the moment Python reaches it: there is no graph to build first.
x = torch.tensor([1.0, 2.0, 3.0])
print(x)
y = x * 2 + 1
print(y)
print(y.shape, y.dtype)

# A matrix: shapes broadcast like NumPy's.
m = torch.arange(6.0).reshape(2, 3)
print(m)
print(m + x)
print(m.sum(dim=1))
