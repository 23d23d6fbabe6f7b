import torch
# Tensor.register_hook on leaves and non-leaves, hook order, replacing gradients, removal,
# retain_grad seeing the hooked gradient, autograd.grad, and grad_fn.register_hook/register_prehook.
torch.manual_seed(0)
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
seen = []
h1 = x.register_hook(lambda g: seen.append(("leaf", g.tolist())))
h2 = x.register_hook(lambda g: g * 2)
y = x * x
y.retain_grad()
hy = y.register_hook(lambda g: g + 1)
y.sum().backward()
print(seen)
print(x.grad)
print(y.grad)
print(type(h1).__name__, h2.id - h1.id, hy.id - h2.id)
h2.remove()
x.grad = None
(x * 3).sum().backward()
print(x.grad)
with x.register_hook(lambda g: g * 0):
    pass
x.grad = None
(x * 3).sum().backward()
print(x.grad)

# a hook that returns None keeps the gradient; hooks on an intermediate used twice run once
a = torch.tensor(2.0, requires_grad=True)
b = a * 3
calls = []
b.register_hook(lambda g: calls.append(g.item()))
c = b * b + b
c.backward()
print(calls, a.grad.item())

# autograd.grad applies the input's hooks
p = torch.tensor([1.0, -1.0], requires_grad=True)
p.register_hook(lambda g: g * 10)
(gp,) = torch.autograd.grad((p * p).sum(), p)
print(gp)

# grad_fn hooks
u = torch.tensor([0.0, 0.0], requires_grad=True)
v = u.exp()
w = v.sum()
log = []
v.grad_fn.register_prehook(lambda go: log.append(("pre", [t.tolist() for t in go])))
v.grad_fn.register_hook(lambda gi, go: log.append(("post", [t.tolist() for t in gi], [t.tolist() for t in go])))
m = torch.tensor([1.0, 2.0], requires_grad=True)
n = m * 4
n.grad_fn.register_hook(lambda gi, go: log.append(("mul", [None if t is None else t.tolist() for t in gi])))
n.sum().backward()
print(m.grad)
w.grad_fn.register_hook(lambda gi, go: (gi[0] * 0.5,))
w.backward()
print(log)
print(u.grad)

# errors
try:
    torch.ones(2).register_hook(lambda g: g)
except RuntimeError as e:
    print("RuntimeError:", e)
q = torch.ones(3, requires_grad=True)
q.register_hook(lambda g: g.sum())
try:
    (q * 2).sum().backward()
except RuntimeError as e:
    print("RuntimeError:", e)
r = torch.ones(3, requires_grad=True)
def bad_hook(g):
    return 5
r.register_hook(bad_hook)
try:
    (r * 2).sum().backward()
except TypeError as e:
    print("TypeError:", e)
s = torch.ones(2, requires_grad=True)
def to_double(g):
    return g.double()
s.register_hook(to_double)
try:
    (s * 2).sum().backward()
except RuntimeError as e:
    print("RuntimeError:", e)
