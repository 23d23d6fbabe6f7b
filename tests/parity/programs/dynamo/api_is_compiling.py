import torch
import torch._dynamo
# torch.compiler.is_compiling() is True while Dynamo traces, so the compiled code takes that branch.

def f(x):
    if torch.compiler.is_compiling():
        return x + 100
    return x - 100

def g(x):
    if torch._dynamo.is_compiling():
        return x * 10
    return x

x = torch.tensor([1., 2.])
print("outside", torch.compiler.is_compiling(), torch._dynamo.is_compiling())
print("eager f", f(x))
print("compiled f", torch.compile(f, backend="eager")(x))
print("eager g", g(x))
print("compiled g", torch.compile(g, backend="eager")(x))
flags = []

@torch.compiler.disable
def record():
    flags.append(torch.compiler.is_compiling())

def h(x):
    record()
    return x + 1

print("compiled h", torch.compile(h, backend="eager")(x), flags)
