# PyTorch's private helpers that optimization libraries import by name (pytorch-minimize builds
# Hessians / Jacobians and runs PyTorch's strong-Wolfe search under its own BFGS and Newton methods):
# torch._vmap_internals._vmap, torch.autograd.functional's _as_tuple / _tuple_postprocess /
# _grad_postprocess / _construct_standard_basis_for, torch.optim.lbfgs's _cubic_interpolate and
# _strong_wolfe.
import torch
from torch._vmap_internals import _vmap
from torch.autograd.functional import (_as_tuple, _construct_standard_basis_for, _grad_postprocess,
                                       _tuple_postprocess)
from torch.optim.lbfgs import _cubic_interpolate, _strong_wolfe


def rosen(x):
    return torch.sum(100 * (x[..., 1:] - x[..., :-1] ** 2) ** 2 + (1 - x[..., :-1]) ** 2)


# Hessian and Jacobian by a vmapped vector-Jacobian product over the identity's rows
x = torch.tensor([1.0, 8.0, -0.5], dtype=torch.float64).requires_grad_(True)
f = rosen(x)
grad = torch.autograd.grad(f, x, create_graph=True)[0]
hvp = lambda v: torch.autograd.grad(grad, x, v, retain_graph=True)[0]
print(_vmap(hvp)(torch.eye(3, dtype=torch.float64)))
A = torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, -1.0]])
z = torch.tensor([0.5, -1.0], requires_grad=True)
out = torch.tanh(A @ z)
vjp = lambda v: torch.autograd.grad(out, z, v, retain_graph=True)[0]
print(_vmap(vjp)(torch.eye(3)))
print(_vmap(lambda a, b: a * b + 1, in_dims=(0, None))(torch.arange(6.0).view(3, 2), torch.tensor([2.0, 3.0])))
print(_vmap(lambda a: (a.sum(), a * 2))(torch.ones(2, 3)))

# autograd.functional's private conventions
t = torch.ones(2)
print(_as_tuple(t), _as_tuple([t, t]) == (t, t), _as_tuple(t, "inputs", "jacobian")[0], len(_as_tuple((t, t), "inputs", "jacobian")[1]))
try:
    _as_tuple((t, 3), "inputs", "jacobian")
except TypeError as e:
    print("TypeError:", e)
print(_tuple_postprocess((t,), False).shape, len(_tuple_postprocess(((t,), (t,)), (True, False))))
g = _grad_postprocess((z * 2,), False)
print(g[0].requires_grad, _grad_postprocess((z * 2,), True)[0].requires_grad)
basis = _construct_standard_basis_for((torch.zeros(1), torch.zeros(2, dtype=torch.float64), torch.zeros(1)), (1, 2, 1))
for b in basis:
    print(b.dtype, b.tolist())

# PyTorch's line search, as torchmin calls it
T = torch.tensor
print(_cubic_interpolate(0.0, 1.0, T(-2.0), 1.0, 0.5, T(1.0)), _cubic_interpolate(0.0, 1.0, T(-2.0), 1.0, 0.5, T(1.0), bounds=(0.1, 0.2)))
print(_cubic_interpolate(0.0, 1.0, T(-2.0), 1.0, 5.0, T(-1.0)))  # no real minimizer: the middle
print(_cubic_interpolate(torch.tensor(0.0), torch.tensor(1.0), torch.tensor(-1.0), torch.tensor(2.0), torch.tensor(3.0), torch.tensor(-5.0)))
x0 = torch.tensor([-1.2, 1.0], dtype=torch.float64)
calls = []


def obj_func(x, t, d):
    y = (x + t * d).detach().requires_grad_(True)
    fy = rosen(y)
    gy = torch.autograd.grad(fy, y)[0]
    calls.append(t)
    return float(fy), gy


x0r = x0.clone().requires_grad_(True)
f0 = rosen(x0r)
g0 = torch.autograd.grad(f0, x0r)[0]
for t0, d in ((1.0, -g0), (1e-3, -g0), (10.0, -g0 / g0.norm())):
    calls.clear()
    f_new, g_new, t, evals = _strong_wolfe(obj_func, x0, t0, d, float(f0), g0, g0.dot(d))
    print(round(f_new, 6), [round(v, 6) for v in g_new.tolist()], round(float(t), 8), evals, len(calls))
