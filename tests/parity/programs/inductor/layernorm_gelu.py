# layer_norm followed by gelu (both forms), with and without an affine weight.
import torch
import torch.nn.functional as F


def f(x, w, b):
    h = F.layer_norm(x, (8,), w, b)
    return F.gelu(h), F.gelu(F.layer_norm(x, (8,)), approximate="tanh")


x = torch.arange(32, dtype=torch.float32).reshape(4, 8).cos() * 3
w = torch.linspace(0.5, 1.5, 8)
b = torch.linspace(-0.2, 0.2, 8)
cf = torch.compile(f)
for got, want in zip(cf(x, w, b), f(x, w, b)):
    print(got)
    print(torch.allclose(got, want, atol=1e-5))
