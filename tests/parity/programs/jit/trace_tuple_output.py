import torch
# Traced functions may return tuples (also nested); the structure is kept.

def f(x):
    return x + 1, x * 2

def g(x):
    return (x - 1, (x * x, x.sum()))

x = torch.tensor([1., 2., 3.])
tf = torch.jit.trace(f, x)
out = tf(x)
print(type(out).__name__, len(out))
print(out[0], out[1])
a, b = tf(torch.tensor([0.5]))
print(a, b)
tg = torch.jit.trace(g, x)
r = tg(torch.tensor([2., -2.]))
print(type(r).__name__, type(r[1]).__name__)
print(r[0])
print(r[1][0], r[1][1])
