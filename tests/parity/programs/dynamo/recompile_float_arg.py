import torch
# A Python float argument: first compile specialises it, a change recompiles.

calls = []

def counting(gm, example_inputs):
    calls.append([type(a).__name__ for a in example_inputs])
    return gm.forward

def f(x, s):
    return x * s

cf = torch.compile(f, backend=counting)
x = torch.tensor([2., 4.])
for s in [0.5, 0.5, 1.5, 2.5, 0.5, 1.0]:
    out = cf(x, s)
    print(s, out, torch.equal(out, f(x, s)), "compiles", len(calls))
for i, c in enumerate(calls):
    print("graph", i, c)
