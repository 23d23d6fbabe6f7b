import torch
# Autograd errors caught and printed: in-place version counter, leaf in-place, double backward, etc.
def attempt(label, fn, width=60):
    try:
        fn()
        print(label, "ok")
    except RuntimeError as e:
        print(label + ":", str(e)[:width])
a = torch.tensor([1.0, 2.0], requires_grad=True)
x = a * 1
y = x.exp()
y.add_(1)
attempt("exp output modified", lambda: y.sum().backward())
print(a.grad)
s = a.sigmoid()
s.mul_(2)
attempt("sigmoid output modified", lambda: s.sum().backward())
b = a * 1
c = b * b
b.add_(1)
attempt("mul input modified", lambda: c.sum().backward())
d = a * 1
e = d + d
d.add_(1)
attempt("add input modified", lambda: e.sum().backward())
print(a.grad)
a.grad = None
attempt("leaf in-place", lambda: a.add_(1), 200)
print(a)
z = (a * a).sum()
z.backward()
print(a.grad)
attempt("backward twice", lambda: z.backward())
attempt("non-scalar", lambda: (a * 2).backward(), 200)
attempt("no grad_fn", lambda: torch.tensor([1.0]).sum().backward(), 200)
attempt("int requires_grad", lambda: torch.tensor([1, 2], requires_grad=True), 200)
attempt("non-leaf flag", lambda: (a * 2).requires_grad_(False))
attempt("grad no grad", lambda: torch.autograd.grad(torch.ones(2).sum(), a), 200)
with torch.no_grad():
    n = a * 2
attempt("no_grad result", lambda: n.sum().backward(), 200)
print(a.grad, a.requires_grad, a.is_leaf)
