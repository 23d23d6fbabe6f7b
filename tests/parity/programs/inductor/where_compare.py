# Comparisons produce bool tensors; where, clamp and masked_fill compute in the same kernel.
import torch


def f(x, y):
    mask = x > y
    z = torch.where(mask, x, y * 2)
    return mask, z.clamp(-1.0, 1.5), z.masked_fill(x < 0, 0.25), (x >= 0) & (y < 1)


x = torch.linspace(-2, 2, 12).reshape(3, 4)
y = torch.linspace(1, -1, 4)
cf = torch.compile(f)
for got, want in zip(cf(x, y), f(x, y)):
    print(got)
    print(got.dtype, torch.equal(got, want))
