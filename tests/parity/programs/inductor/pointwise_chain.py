# A chain of pointwise ops compiled with the default back end: one fused kernel, eager's numbers.
import torch


def f(x, y):
    a = (x * 2 + 1).relu() * y
    return torch.sigmoid(a) - 0.5 * torch.tanh(y)


x = torch.arange(24, dtype=torch.float32).reshape(4, 6) / 7 - 1.5
y = torch.linspace(-2, 2, 6)
cf = torch.compile(f)
out = cf(x, y)
print(out)
print(torch.allclose(out, f(x, y)))
print(out.shape, out.dtype)
