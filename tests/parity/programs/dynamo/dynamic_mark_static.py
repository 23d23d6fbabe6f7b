import torch
import torch._dynamo
# mark_static keeps one dim static even under dynamic=True.

calls = []

def counting(gm, example_inputs):
    calls.append([type(a).__name__ for a in example_inputs])
    return gm.forward

def f(x):
    return x.sum(0) + 1

cf = torch.compile(f, backend=counting, dynamic=True)
for shape in [(4, 3), (5, 3), (5, 4), (6, 4)]:
    x = torch.ones(shape)
    torch._dynamo.mark_static(x, 1)
    out = cf(x)
    print(shape, out, torch.equal(out, f(x)), "compiles", len(calls))
for i, c in enumerate(calls):
    print("graph", i, c)
