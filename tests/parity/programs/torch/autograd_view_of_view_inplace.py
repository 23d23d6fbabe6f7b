# In-place writes through one view of a tensor, then gradients through other views of it (views of
# views, siblings, an expanded view, the written view itself): each view's grad_fn is remade from
# the base's new history, as PyTorch's VariableHooks::grad_fn does.
import torch

x = torch.arange(1.0, 7.0, requires_grad=True)

y = x * 2
a = y[1:]
b = a[:2]
b.mul_(3)
print(type(a.grad_fn).__name__, type(b.grad_fn).__name__, type(y.grad_fn).__name__)
(a * a).sum().backward()
print(x.grad)

x.grad = None
y = x * 2
m = y.view(2, 3)
row = m[0]
tail = row[1:]
tail.mul_(3)
(row * row).sum().backward()
print(x.grad)

x.grad = None
y = x * 2
top = y[:4]
inner = top[1:]
wide = y.unsqueeze(0).expand(3, 6)
top.mul_(10)
(inner.sum() + wide.sum()).backward()
print(x.grad)

x.grad = None
y = x * 2
t = y.view(3, 2).t()
c = t[0]
c.pow_(2)
print(y)
y.sum().backward()
print(x.grad)
print(type(t.grad_fn).__name__, type(c.grad_fn).__name__, c.requires_grad, c.is_leaf)

# A view of a tensor that did not require grad until a write copied a graph into it.
z = torch.zeros(6)
v = z[2:]
z.copy_(x * 3)
print(v.requires_grad, type(v.grad_fn).__name__)
v.sum().backward()
print(x.grad)
