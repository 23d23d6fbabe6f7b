import torch
# dynamic=True: sizes are symbolic from the first compile (except sizes 0 and 1).

calls = []

def counting(gm, example_inputs):
    calls.append([type(a).__name__ for a in example_inputs])
    return gm.forward

def f(x):
    return x.sum(1) * x.shape[1]

cf = torch.compile(f, backend=counting, dynamic=True)
for shape in [(4, 3), (5, 3), (4, 6), (2, 2), (1, 3), (1, 5), (3, 1), (0, 2)]:
    x = torch.ones(shape)
    out = cf(x)
    print(shape, out.shape[0], "compiles", len(calls), torch.equal(out, f(x)))
for i, c in enumerate(calls):
    print("graph", i, c)
