# A view's requires_grad follows its base's at every call (PyTorch's DifferentiableViewMeta::
# requires_grad): a view made before its base came to require grad, or made in no_grad mode, requires
# grad while the base does, yet has no grad_fn and accumulates no gradient of its own; writing it in
# place is then an error, as for any view of a leaf requiring grad.
import torch

a = torch.zeros(3, 2)
b = a[0]
print(b.requires_grad, b.is_leaf, b.grad_fn)
a.requires_grad_()
print(b.requires_grad, b.is_leaf, b.grad_fn)
c = b * 2
print(c.requires_grad, type(c.grad_fn).__name__)
c.sum().backward()
print(a.grad, b.grad)
try:
    b.mul_(2)
except RuntimeError as e:
    print("RuntimeError:", e)
a.requires_grad_(False)
print(b.requires_grad)
b.mul_(2)
print(a)

x = torch.ones(4, requires_grad=True)
with torch.no_grad():
    v = x[:2]
    w = x.view(2, 2)
print(v.requires_grad, w.requires_grad, v.grad_fn)
x.requires_grad_(False)
print(v.requires_grad, w.requires_grad)
x.requires_grad_(True)
y = (w * 3).sum() + x.sum()
y.backward()
print(x.grad)

# detach() and view(dtype) alias the storage but are no views of it: they never follow the base
p = torch.ones(2)
d = p.detach()
e = p.view(torch.int32)
p.requires_grad_()
print(d.requires_grad, e.requires_grad, p[1:].requires_grad)
