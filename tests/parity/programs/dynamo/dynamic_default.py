import torch
# dynamic=None (default): static first, a size change makes that dim symbolic; sizes 0 and 1 stay static.

calls = []

def counting(gm, example_inputs):
    calls.append([type(a).__name__ for a in example_inputs])
    return gm.forward

def f(x):
    return x * 2 + x.shape[0]

cf = torch.compile(f, backend=counting)
for rows in [4, 5, 6, 1, 0, 7, 1, 2]:
    x = torch.ones(rows, 3)
    out = cf(x)
    print((rows, 3), "compiles", len(calls), torch.equal(out, f(x)))
for i, c in enumerate(calls):
    print("graph", i, c)
x = torch.ones(3, 4)
out = cf(x)
print((3, 4), "compiles", len(calls), torch.equal(out, f(x)), calls[-1])
x = torch.ones(9, 5)
out = cf(x)
print((9, 5), "compiles", len(calls), torch.equal(out, f(x)))
