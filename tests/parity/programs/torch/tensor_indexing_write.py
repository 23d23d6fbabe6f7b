import torch
# __setitem__ with scalars, tensors, slices, masks and index tensors.
x = torch.zeros(3, 4)
x[0] = 1
x[1, 2] = 5.5
x[2, :] = torch.tensor([1.0, 2.0, 3.0, 4.0])
print(x)
x[:, 0] = -1
x[1:, 1:3] = torch.tensor([[7.0, 8.0], [9.0, 10.0]])
print(x)
x[x > 4] = 0
print(x)
x[:, -1] += 100
print(x)
x[0, ::2] = torch.tensor([0.5, 0.25])
print(x)
x[:] = torch.tensor([1.0, 2.0, 3.0, 4.0])
print(x)
y = torch.arange(6)
y[torch.tensor([0, 2, 4])] = torch.tensor([10, 20, 30])
print(y)
y[[1, 3]] = -5
print(y)
y[y < 0] = torch.tensor([7, 8])
print(y)
z = torch.zeros(2, 3, dtype=torch.int64)
z[...] = 4
z[:, 1] = torch.tensor([1, 2])
print(z)
z[0] = torch.tensor([9, 9, 9])
z[1, ::2] = 3
print(z)
f = torch.zeros(4)
f[1:3] = 2.5
print(f)
b = torch.zeros(3, dtype=torch.bool)
b[1] = True
print(b)
i = torch.zeros(3, dtype=torch.int64)
i[0] = 2.9
i[1] = True
print(i)
g = torch.ones(2, 2)
g[0] = torch.tensor([5, 6])
print(g)
h = torch.arange(9.0).reshape(3, 3)
h[torch.tensor([0, 2])] = 1.5
h[1][1] = -1
print(h)
