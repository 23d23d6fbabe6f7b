import torch
# In-place ops: add_/mul_/sub_/div_/zero_/fill_/clamp_/copy_, augmented assignment, views.
x = torch.tensor([1.0, 2.0, 3.0])
y = x
x.add_(1)
print(x, y)
print(x.mul_(2))
x.sub_(torch.tensor([1.0, 1.0, 1.0]))
print(x)
print(x.div_(2))
x += 1
print(x, y is x)
x -= torch.tensor([0.5, 0.5, 0.5])
x *= 2
x /= 4
print(x, y)
z = x + 1
print(z is x, x.add_(0) is x)
x.add_(torch.ones(3), alpha=2)
print(x)
x.zero_()
print(x, y)
print(x.fill_(7))
x.copy_(torch.tensor([1, 2, 3]))
print(x, x.dtype)
print(x.neg_().abs_().pow_(2), x)
v = torch.arange(6.0).view(2, 3)
row = v[0]
row.mul_(10)
print(v)
v[1].fill_(-1)
print(v)
v.clamp_(min=0)
print(v)
v.t().add_(1)
print(v)
i = torch.tensor([1, 2, 3])
i += 2
i *= 3
i //= 2
print(i, i.dtype)
try:
    i.mul_(1.5)
except RuntimeError as e:
    print(e)
try:
    torch.zeros(3).add_(torch.ones(2, 3))
except RuntimeError as e:
    print(e)
