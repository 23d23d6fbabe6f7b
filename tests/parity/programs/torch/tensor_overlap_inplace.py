# In-place ops, copy_ and out= against overlapping memory (PyTorch's MemOverlap checks), in-place
# ops through views under autograd (CopySlices), and flip's dim checks.
import torch


def attempt(label, fn):
    try:
        r = fn()
        print(label, "ok", r)
    except RuntimeError as e:
        print(label, type(e).__name__, e)


a = torch.arange(6.)
attempt("add_ partial", lambda: a[1:].add_(a[:-1]))
attempt("copy_ partial", lambda: a[1:].copy_(a[:-1]))
attempt("mul_ disjoint", lambda: a[:3].mul_(a[3:]))
attempt("add_ self", lambda: a.add_(a))
attempt("add_ same view", lambda: a.add_(a[:]))
m = torch.zeros(2, 2)
attempt("add_ transpose", lambda: m.add_(m.t()))
attempt("out= partial", lambda: torch.add(a[:3], 1, out=a[1:4]))
attempt("out= disjoint", lambda: torch.add(a[:3], 1, out=a[3:]))
attempt("expand mul_", lambda: torch.ones(1).expand(3).mul_(2))
attempt("expand fill", lambda: torch.zeros(1, 3).expand(2, 3).fill_(1.5))
attempt("flip dup", lambda: torch.ones(2, 2).flip(0, 0))
attempt("flip 0-dim", lambda: torch.tensor(3.).flip(0))
attempt("flip neg", lambda: torch.arange(4).view(2, 2).flip(-1))

leaf = torch.ones(3, requires_grad=True)
attempt("leaf view mul_", lambda: leaf[0].mul_(2))
with torch.no_grad():
    leaf[1].mul_(5)
print("no_grad write", leaf)

x = torch.ones(3, requires_grad=True)
y = x * 2
y[0].mul_(3)
y.sum().backward()
print("copyslices grad", x.grad, y.grad_fn is not None)

z = torch.zeros(3)
v = torch.ones(1, requires_grad=True)
z[1:2].add_(v * 4)
print("base requires_grad", z.requires_grad)
(z * torch.tensor([1., 2., 3.])).sum().backward()
print("other input grad", v.grad)
