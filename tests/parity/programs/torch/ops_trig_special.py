# Trig, hyperbolic and special functions as tutorials call them (torch.* and Tensor methods),
# their dtypes for integer inputs, gradients and grad_fn names.
import torch

x = torch.tensor([-0.9, -0.5, 0.0, 0.25, 0.75])
for name in ["tan", "atan", "asin", "acos", "sinh", "cosh", "asinh", "atanh", "erfc", "erfinv", "sgn", "frac",
             "deg2rad", "rad2deg"]:
    print(name, getattr(torch, name)(x))
    print(name, "method", getattr(x, name)())
print("acosh", torch.acosh(torch.tensor([1.0, 1.5, 4.0])))
print("arcsin", torch.arcsin(x), torch.arctan(x), torch.arccos(x))
p = torch.tensor([0.5, 1.0, 2.5, 7.0, -0.5])
print("lgamma", torch.lgamma(p))
print("digamma", torch.digamma(p))
print("polygamma", torch.polygamma(1, p))
print("digamma at 0 and -2", torch.digamma(torch.tensor([0.0, -2.0])))
print("erfinv ends", torch.erfinv(torch.tensor([-1.0, 1.0, 1.5])))
print("logit", torch.logit(torch.tensor([0.0, 0.2, 0.5, 1.0])))
print("logit eps", torch.logit(torch.tensor([0.0, 0.2, 0.5, 1.0]), eps=1e-6))
print("int inputs", torch.atan(torch.tensor([1, 2])), torch.deg2rad(torch.tensor([180])).dtype)
print("float64", torch.erfinv(torch.tensor([0.5], dtype=torch.float64)), torch.digamma(torch.tensor([3.0], dtype=torch.float64)))
print("hypot", torch.hypot(torch.tensor([3.0, 5.0]), torch.tensor([4.0, 12.0])))
nan = float("nan")
print("fmax", torch.fmax(torch.tensor([nan, 1.0, 3.0]), torch.tensor([2.0, nan, 1.0])))
print("fmin", torch.fmin(torch.tensor([nan, 1.0, 3.0]), torch.tensor([2.0, nan, 1.0])))
print("maximum", torch.maximum(torch.tensor([nan, 1.0]), torch.tensor([2.0, nan])))
print("heaviside", torch.heaviside(torch.tensor([-2.0, 0.0, 3.0]), torch.tensor([0.5])))
print("nan_to_num", torch.nan_to_num(torch.tensor([nan, float("inf"), -float("inf"), 2.0])))
print("nan_to_num args", torch.nan_to_num(torch.tensor([nan, float("inf"), -float("inf")]), nan=0.0, posinf=1e4, neginf=-1e4))
y = torch.tensor([nan, 1.0]); y.nan_to_num_(nan=-1.0); print("nan_to_num_", y)
z = x.clone(); z.atan_(); print("atan_", z)

w = torch.tensor([0.2, 0.4, 0.6], requires_grad=True)
for fn in [torch.tan, torch.atan, torch.asin, torch.acos, torch.sinh, torch.cosh, torch.asinh, torch.atanh, torch.erfc,
           torch.erfinv, torch.lgamma, torch.digamma, torch.logit, torch.frac, torch.deg2rad, torch.nan_to_num]:
    out = fn(w)
    g, = torch.autograd.grad(out.sum(), w)
    print(fn.__name__, out.grad_fn.name(), g)
a = torch.tensor([3.0, 1.0], requires_grad=True)
b = torch.tensor([4.0, 1.0], requires_grad=True)
h = torch.hypot(a, b)
h.sum().backward()
print("hypot grads", h.grad_fn.name(), a.grad, b.grad)
