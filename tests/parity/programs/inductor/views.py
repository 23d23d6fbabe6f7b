# Views feed kernels through strides: transposes, slices, broadcasts; outputs may be views too.
import torch


def f(x, y):
    a = x.t() + y[1:4].unsqueeze(1)
    b = x[:, ::2].exp()
    c = (x * 2).t()
    return a.relu(), b, c, y.expand(2, 5) * 3


x = torch.arange(15, dtype=torch.float32).reshape(5, 3) / 10
y = torch.linspace(-1, 1, 5)
cf = torch.compile(f)
for got, want in zip(cf(x, y), f(x, y)):
    print(got)
    print(got.shape, got.stride() == want.stride() or got.is_contiguous() == want.is_contiguous())
    print(torch.allclose(got, want))
