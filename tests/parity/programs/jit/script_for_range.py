import torch
# A `for i in range(n)` loop in a scripted function becomes prim::Loop; n is an int argument.

def f(x, n: int):
    y = x
    for i in range(n):
        y = y * 2 + i
    return y

s = torch.jit.script(f)
print("prim::If" in str(s.graph), "prim::Loop" in str(s.graph))
x = torch.tensor([1., 0.5])
for n in [0, 1, 2, 3]:
    print(n, s(x, n), f(x, n))

def total(xs: torch.Tensor) -> torch.Tensor:
    acc = torch.zeros(xs.size(1))
    for i in range(xs.size(0)):
        acc = acc + xs[i]
    return acc

st = torch.jit.script(total)
print(st(torch.ones(2, 3)))
print(st(torch.arange(12).float().reshape(4, 3)))
