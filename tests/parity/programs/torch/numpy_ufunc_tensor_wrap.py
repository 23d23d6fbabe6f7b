# NumPy ufuncs on torch tensors hand their result back through torch.Tensor.__array_wrap__, so
# np.sqrt(tensor) is a tensor (CompVis/stable-diffusion's DDIM sampler registers
# to_torch(np.sqrt(alphas_cumprod.cpu())) and calls .clone() on it), bool results become uint8 tensors
# (torch's wrapper), Python numbers and NumPy arrays wrap nothing, and out= keeps NumPy's array.
import numpy as np
import torch

t = torch.tensor([1.0, 4.0, 9.0])
for name in ["sqrt", "exp", "log", "sin", "floor", "negative", "square", "abs", "sign", "reciprocal"]:
    r = getattr(np, name)(t)
    print(name, type(r).__name__, r.dtype, [round(v, 4) for v in r.tolist()])
r = np.sqrt(t).clone().detach().to(torch.float32)
print(type(r).__name__, r.tolist())
print(type(np.add(t, 1)).__name__, np.add(t, 1).tolist(), type(np.add(1, t)).__name__)
print(type(np.maximum(t, np.array([2.0, 2.0, 2.0]))).__name__)
g = np.greater(t, 2.0)
print(type(g).__name__, g.dtype, g.tolist())
print(type(np.isnan(t)).__name__, np.isnan(t).dtype, type(np.logical_not(t)).__name__)
d = torch.tensor([1.0, 2.0], dtype=torch.float64)
print(np.sqrt(d).dtype, np.exp(torch.tensor([0, 1])).dtype)
s = np.sqrt(torch.tensor(16.0))
print(type(s).__name__, s.dim(), s.item())
a = np.array([1.0, 4.0])
print(type(np.sqrt(a)).__name__, type(np.sqrt(4.0)).__name__)
out = np.zeros(3)
res = np.sqrt(t, out=out)
print(type(res).__name__, res is out, out.tolist())
print(type(np.add(a, 1.0)).__name__)
alphas = torch.cumprod(1 - torch.linspace(0.0001, 0.02, 10, dtype=torch.float64), 0)
sigmas = np.sqrt((1 - alphas) / alphas)
print(type(sigmas).__name__, sigmas.dtype, round(sigmas[-1].item(), 6))
