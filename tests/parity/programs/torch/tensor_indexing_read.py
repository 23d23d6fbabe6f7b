import torch
# Reading with ints, negative indices, step slices, None, Ellipsis, bool masks and index tensors.
x = torch.arange(24).reshape(4, 6)
print(x)
print(x[1], x[-1], x[1, 2], x[-1, -1])
print(x[1][2].item(), x[1, 2].dim(), x[1, 2].shape)
print(x[:, 0], x[:, -1])
print(x[1:3])
print(x[::2, 1::2])
print(x[:, ::4], x[-2:, -2:])
print(x[None].shape, x[:, None].shape, x[..., None].shape, x[None, ..., None].shape)
print(x[..., 2])
y = torch.arange(24).reshape(2, 3, 4)
print(y[..., 1], y[1, ...])
print(y[:, 1, ...].shape, y[0, :, None, 1:3].shape, y[1, -1, -1])
m = x > 18
print(m)
print(x[m])
print(x[x % 5 == 0])
idx = torch.tensor([0, 2, 2])
print(x[idx])
print(x[:, idx])
print(x[idx, torch.tensor([1, 0, 5])])
print(x[[0, 3]])
print(x[[0, 1], [4, 5]])
print(x[torch.tensor([True, False, True, False])])
print(x[1:3, [0, -1]])
print(x[torch.tensor([[0, 1], [2, 3]])].shape)
print(x[10:], x[10:].shape, x[2:2].shape)
print(y[:, [0, 2], :].shape, y[[1], :, [0]].shape, y[:, :, torch.tensor(1)].shape)
print(y[y.sum(dim=2) > 20])
try:
    print(x[::-1])
except Exception as e:
    print(type(e).__name__ + ":", e)
try:
    print(x[4])
except Exception as e:
    print(type(e).__name__ + ":", e)
try:
    print(x[0, 6])
except Exception as e:
    print(type(e).__name__ + ":", e)
try:
    print(x[torch.tensor([7])])
except Exception as e:
    print(type(e).__name__ + ":", e)
