# `import functorch`: the functorch 0.x names PyTorch 2.x keeps as deprecated aliases of torch.func
# (each warns; warnings go to stderr), and make_functional / make_functional_with_buffers.
import warnings

import functorch
import torch
import torch.nn as nn

torch.manual_seed(0)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    g = functorch.grad(lambda x: (x ** 3).sum())(torch.tensor([1.0, 2.0]))
    print(g)
    print(caught[0].category.__name__)
    print(caught[0].message)

warnings.simplefilter("ignore")
x = torch.tensor([1.0, 2.0, 3.0])
print(functorch.vmap(lambda v: v * 2)(x))
print(functorch.jvp(torch.sin, (x,), (torch.ones(3),))[1])
out, fn = functorch.vjp(torch.exp, x)
print(fn(torch.ones(3))[0])
print(functorch.jacrev(torch.sin)(x) + 0.0)
print(functorch.jacfwd(torch.sin)(x) + 0.0)
print(functorch.hessian(lambda v: (v ** 3).sum())(x))
print(functorch.grad_and_value(lambda v: (v ** 2).sum())(x))

model = nn.Sequential(nn.Linear(3, 4), nn.BatchNorm1d(4), nn.Linear(4, 2))
func, params, buffers = functorch.make_functional_with_buffers(model)
print(type(func).__name__, [tuple(p.shape) for p in params], [tuple(b.shape) for b in buffers])
inp = torch.randn(5, 3)
print(torch.allclose(func(params, buffers, inp), model(inp)))
try:
    functorch.make_functional(model)
except RuntimeError as e:
    print("RuntimeError:", e)
lin = nn.Linear(3, 2)
f2, p2 = functorch.make_functional(lin)
print(type(f2).__name__, len(p2), torch.allclose(f2(p2, inp), lin(inp)))
grads = torch.autograd.grad(f2(p2, inp).sum(), p2)
print([tuple(g.shape) for g in grads])
