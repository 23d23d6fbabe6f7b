import torch
# An int argument: specialised on the first compile, then made symbolic after it changes.

calls = []

def counting(gm, example_inputs):
    calls.append([type(a).__name__ for a in example_inputs])
    return gm.forward

def f(x, n):
    return x * n + n

cf = torch.compile(f, backend=counting)
x = torch.tensor([1., 2.])
for n in [2, 2, 3, 4, 1, 0, 7]:
    out = cf(x, n)
    print(n, out, "compiles", len(calls), torch.equal(out, f(x, n)))
for i, c in enumerate(calls):
    print("graph", i, c)
