import torch
# dynamic=False: every new shape is a new static graph.

calls = []

def counting(gm, example_inputs):
    calls.append([type(a).__name__ for a in example_inputs])
    return gm.forward

def f(x):
    return x * 2 + x.shape[0]

cf = torch.compile(f, backend=counting, dynamic=False)
for rows in [4, 5, 6, 5, 4, 7]:
    x = torch.ones(rows, 3)
    out = cf(x)
    print((rows, 3), "compiles", len(calls), torch.equal(out, f(x)))
print(calls)
