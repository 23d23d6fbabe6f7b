# The trig/special/bitwise ops under torch.compile (aot_eager and inductor, forward and backward)
# and torch.jit.trace (aten names in the graph).
import torch


def f(x, y):
    return (torch.atan(x) * torch.erfinv(y * 0.5) + torch.lgamma(x + 3) + torch.hypot(x, y)
            + torch.fmax(x, y) + torch.logit(y.sigmoid(), eps=1e-3) + torch.asinh(x) * torch.cosh(y)).sum()


def g(a, m):
    return (a & 6) | (a ^ 3), m & (a > 6), ~a, torch.bitwise_not(m)


x = torch.tensor([0.3, -0.2, 0.8], requires_grad=True)
y = torch.tensor([0.5, 0.1, -0.4], requires_grad=True)
out = f(x, y)
out.backward()
print("eager", out, x.grad, y.grad)
for backend in ["aot_eager", "inductor"]:
    x.grad = None
    y.grad = None
    cf = torch.compile(f, backend=backend)
    out = cf(x, y)
    out.backward()
    print(backend, out, x.grad, y.grad)
a = torch.tensor([5, 12])
m = torch.tensor([True, False])
print(g(a, m))
print(torch.compile(g, backend="inductor")(a, m))


def show(gr):
    for line in str(gr).split("\n"):
        i = line.find(" # ")
        print(line if i < 0 else line[:i])


show(torch.jit.trace(lambda t: torch.bitwise_and(t, 6) | (t ^ 3), a).graph)
show(torch.jit.trace(lambda t: torch.atan(t) + torch.nan_to_num(t) * torch.digamma(t + 1), torch.tensor([0.5])).graph)
