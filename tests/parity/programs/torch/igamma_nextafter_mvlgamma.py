# torch.igamma / igammac (special.gammainc / gammaincc), torch.nextafter and torch.mvlgamma
# (special.multigammaln): values over shapes and dtypes, broadcasting, integer promotion, the
# boundary values, in-place and out= forms, gradients and grad_fn names, errors.
import torch

a = torch.tensor([0.5, 1.0, 2.5, 10.0, 30.0, 0.0, -1.0, float("inf")])
x = torch.tensor([0.3, 1.0, 2.0, 12.0, 29.0, 1.0, 1.0, 5.0])
print("igamma", torch.igamma(a, x))
print("igammac", torch.igammac(a, x))
print("sum", ((torch.igamma(a[:5], x[:5]) + torch.igammac(a[:5], x[:5])) - 1).abs().max() < 1e-6)
print("zeros", torch.igamma(torch.tensor([0.0, 2.0, 3.0]), torch.tensor([0.0, 0.0, float("inf")])),
      torch.igammac(torch.tensor([0.0, 2.0, 3.0]), torch.tensor([0.0, 0.0, float("inf")])))
print("nan", torch.igamma(torch.tensor([float("nan"), 1.0]), torch.tensor([1.0, float("nan")])))
a64 = torch.linspace(0.25, 8.0, 7, dtype=torch.float64)
x64 = torch.linspace(0.1, 9.0, 7, dtype=torch.float64)
print("float64", torch.igamma(a64, x64), torch.igammac(a64, x64))
print("large", torch.igamma(torch.tensor([200.0, 1000.0], dtype=torch.float64), torch.tensor([190.0, 1010.0], dtype=torch.float64)))
print("broadcast", torch.igamma(torch.tensor([[1.0], [2.0], [4.0]]), torch.tensor([0.5, 1.5, 3.0, 6.0])))
try:
    torch.igamma(torch.tensor([1, 2, 3]), torch.tensor([2, 2, 2]))
except NotImplementedError as e:
    print("ints", type(e).__name__, e)
print("int and float64", torch.igammac(torch.tensor([1, 2]), torch.tensor([0.5, 4.0], dtype=torch.float64)).dtype)
print("method", a[:4].igamma(x[:4]), a[:4].igammac(x[:4]))
y = torch.tensor([1.0, 2.0, 3.0])
y.igamma_(torch.tensor([1.0, 1.0, 1.0]))
print("igamma_", y)
y = torch.tensor([1.0, 2.0, 3.0])
y.igammac_(torch.tensor(2.0))
print("igammac_", y)
out = torch.empty(3)
torch.special.gammainc(torch.tensor([1.0, 2.0, 3.0]), torch.tensor([1.0, 2.0, 3.0]), out=out)
print("special", out, torch.special.gammaincc(torch.tensor([1.0, 2.0, 3.0]), torch.tensor([1.0, 2.0, 3.0])))
print("empty", torch.igamma(torch.empty(0, 3), torch.empty(3)).shape)

# gradients: `other` only
s = torch.tensor([1.5, 2.0, 3.0])
t = torch.tensor([0.5, 2.0, 4.0], requires_grad=True)
r = torch.igamma(s, t)
print(r.grad_fn.name())
r.sum().backward()
print("d igamma / d other", t.grad)
t.grad = None
r = torch.igammac(s, t)
print(r.grad_fn.name())
r.sum().backward()
print("d igammac / d other", t.grad)
t64 = torch.tensor([0.7, 1.3], dtype=torch.float64, requires_grad=True)
print("gradcheck", torch.autograd.gradcheck(lambda v: torch.igamma(torch.tensor([2.0, 0.5], dtype=torch.float64), v), (t64,)))
s2 = torch.tensor([1.5, 2.0], requires_grad=True)
try:
    torch.igamma(s2, torch.tensor([1.0, 2.0])).sum().backward()
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    torch.igammac(s2, torch.tensor([1.0, 2.0])).sum().backward()
except RuntimeError as e:
    print("RuntimeError:", e)

# nextafter
n32 = torch.tensor([1.0, 1.0, 0.0, -2.0, float("inf")])
to = torch.tensor([2.0, 0.0, 1.0, -3.0, 0.0])
r32 = torch.nextafter(n32, to)
print("nextafter", (r32 - n32).tolist(), r32.dtype)
n64 = torch.tensor([1.0, 0.0], dtype=torch.float64)
print("nextafter float64", (torch.nextafter(n64, torch.tensor([2.0, -1.0], dtype=torch.float64)) - n64).tolist())
print("nextafter equal", torch.nextafter(torch.tensor([3.0]), torch.tensor([3.0])))
print("nextafter scalar other", torch.nextafter(torch.tensor([1.0]), torch.tensor(2.0)).item() - 1.0)
z = torch.tensor([1.0, 2.0])
z.nextafter_(torch.tensor([0.0, 0.0]))
print("nextafter_", (z - torch.tensor([1.0, 2.0])).tolist(), z.eq(torch.tensor([1.0, 2.0])).tolist())
print("method", torch.tensor([0.0]).nextafter(torch.tensor([1.0])).item() > 0)
try:
    torch.nextafter(torch.tensor([1, 2]), torch.tensor([3, 4]))
except (RuntimeError, NotImplementedError) as e:
    print(type(e).__name__, e)
g = torch.tensor([1.0], requires_grad=True)
r = torch.nextafter(g, torch.tensor([2.0]))
print(r.grad_fn.name())
try:
    r.sum().backward()
except RuntimeError as e:
    print("RuntimeError:", e)

# mvlgamma
m = torch.tensor([2.5, 3.0, 4.5, 10.0])
for p in (1, 2, 3, 5):
    print("mvlgamma", p, torch.mvlgamma(m, p), m.mvlgamma(p))
print("vs lgamma", torch.allclose(torch.mvlgamma(m, 1), torch.lgamma(m)))
print("float64", torch.mvlgamma(torch.tensor([[3.0, 4.0], [5.5, 7.25]], dtype=torch.float64), 3))
print("ints", torch.mvlgamma(torch.tensor([3, 4]), 2))
mm = torch.tensor([3.0, 4.0])
mm.mvlgamma_(2)
print("mvlgamma_", mm)
print("special", torch.special.multigammaln(torch.tensor([2.0, 3.0]), 2))
w = torch.tensor([2.5, 3.5], requires_grad=True)
r = torch.mvlgamma(w, 3)
print(r.grad_fn.name())
r.sum().backward()
print("grad", w.grad)
for bad in (lambda: torch.mvlgamma(torch.tensor([True]), 1), lambda: torch.mvlgamma(m, 0)):
    try:
        bad()
    except RuntimeError as e:
        print("RuntimeError:", e)
