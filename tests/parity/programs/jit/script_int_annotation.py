import torch
# Annotated int/float/bool parameters in script, and what the call accepts.

def f(x, n: int):
    return x * n + n

def g(x, scale: float, flag: bool):
    if flag:
        return x * scale
    return x

s = torch.jit.script(f)
x = torch.tensor([1., 2.])
print(s(x, 3), f(x, 3))
print(s(x, -1))
for bad in [2.5, "3", torch.tensor(2)]:
    try:
        print(s(x, bad))
    except Exception as e:
        print(type(e).__name__, "|", str(e).strip().split("\n")[0])
sg = torch.jit.script(g)
print(sg(x, 0.5, True), sg(x, 0.5, False))
print(sg(x, 2, True))
try:
    print(sg(x, 2.0, 1))
except Exception as e:
    print(type(e).__name__, "|", str(e).strip().split("\n")[0])
print(s(x, n=4))
