# Weak references to tensors and modules: a tensor's ref stays alive while anything holds the tensor
# (a view's base, the autograd graph, an optimizer: PyTorch keeps its Python object), a module's ref
# dies with the module, and a WeakKeyDictionary keyed by modules (per-module state kept beside a model,
# as hooks and profilers do) drops the entry when the module goes.
import weakref

import torch
import torch.nn as nn

t = torch.ones(3)
r = weakref.ref(t)
print(r() is t, weakref.getweakrefcount(t))
v = t.view(3)
del t
print("base alive through its view:", r() is not None, v._base is r(), v.data_ptr() == r().data_ptr())

m = nn.Linear(2, 2)
rm = weakref.ref(m)
state = weakref.WeakKeyDictionary({m: "linear"})
print(rm() is m, len(state), state[m])
del m
print("module freed:", rm() is None, len(state))

p = nn.Parameter(torch.zeros(2))
rp = weakref.ref(p)
opt = torch.optim.SGD([p], lr=0.1)
del p
print("parameter held by the optimizer:", rp() is not None, rp() is opt.param_groups[0]["params"][0])

x = torch.randn(2, requires_grad=True)
y = (x * 2).sum()
rx = weakref.ref(x)
del x
print("leaf held by the graph:", rx() is not None)
y.backward()
print(rx().grad)
