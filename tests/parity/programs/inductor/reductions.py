# Reductions with and without keepdim, over one dim, several dims and everything.
import torch


def f(x):
    m = x.mean(-1, keepdim=True)
    centered = x - m
    return (centered * centered).sum(-1), x.amax(0), x.sum(), x.var(1), x.mean((0, 2)), x.amin(-1, keepdim=True)


x = torch.arange(60, dtype=torch.float32).reshape(3, 4, 5).sin()
cf = torch.compile(f)
for got, want in zip(cf(x), f(x)):
    print(got)
    print(torch.allclose(got, want, atol=1e-5))
