# float64 programs compile to float64 kernels: results equal eager's to the last bits.
import torch


def f(x):
    s = torch.softmax(x.sin() * 3, -1)
    return s, (s * x).sum(-1), torch.exp(-x * x).mean()


x = torch.arange(20, dtype=torch.float64).reshape(4, 5) / 3
cf = torch.compile(f)
for got, want in zip(cf(x), f(x)):
    print(got)
    print(got.dtype, (got - want).abs().max().item() < 1e-12)
