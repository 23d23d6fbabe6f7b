# msort, argwhere, fliplr/flipud, take, take_along_dim and fill_diagonal_ as tutorials use them.
import torch

x = torch.tensor([[3.0, 1.0, 2.0], [0.0, 5.0, -1.0]])
print(torch.msort(x), x.msort())
print(torch.argwhere(x > 1), torch.argwhere(torch.tensor([0, 2, 0, 3])))
print(torch.fliplr(x), torch.flipud(x), x.fliplr())
print(torch.take(x, torch.tensor([0, 5, -1])), torch.take(x, torch.tensor([[1, 2], [3, 4]])))
idx = torch.argsort(x, dim=1)
print(torch.take_along_dim(x, idx, dim=1))
print(torch.take_along_dim(x, torch.argmax(x, dim=1, keepdim=True), dim=1))
print(torch.take_along_dim(x, torch.tensor([4, 0])))
m = torch.zeros(3, 3)
m.fill_diagonal_(5.0)
print(m)
t = torch.zeros(7, 3)
print(t.clone().fill_diagonal_(1), t.clone().fill_diagonal_(2, wrap=True))
print(torch.ones(2, 4).fill_diagonal_(0))
w = torch.ones(2, 2, requires_grad=True)
y = (w * 3).fill_diagonal_(0)
y.sum().backward()
print(y.detach(), w.grad)
for bad in [lambda: torch.fliplr(torch.ones(3)), lambda: torch.take(x, torch.tensor([9])), lambda: torch.ones(2, 3, 4).fill_diagonal_(1)]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)

# In-place shape ops: the tensor itself takes the new sizes and strides.
s = torch.zeros(1, 3, 1)
s.squeeze_()
print(s.shape)
s.unsqueeze_(0)
print(s.shape)
u = torch.arange(6.0).reshape(2, 3)
u.t_()
print(u, u.shape, u.is_contiguous(), u.stride())
u.transpose_(0, 1)
print(u, u.stride())
v = torch.zeros(2, 1, 3)
v.squeeze_(1)
print(v.shape)
