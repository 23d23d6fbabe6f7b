import torch
# Same shape again: cache hit; a new shape: recompile (automatic dynamic after the first change).

calls = []

def counting(gm, example_inputs):
    calls.append([type(a).__name__ for a in example_inputs])
    return gm.forward

def f(x):
    return x * 2 + 1

cf = torch.compile(f, backend=counting)
for n in [2, 2, 3, 4, 3, 2, 1, 1, 8]:
    x = torch.arange(n, dtype=torch.float32)
    out = cf(x)
    print(n, "compiles", len(calls), torch.equal(out, f(x)))
for i, c in enumerate(calls):
    print("graph", i, c)
