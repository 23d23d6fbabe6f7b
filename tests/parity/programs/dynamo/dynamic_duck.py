import torch
# Duck sizing: equal sizes seen at compile time share one symbol, so unequal sizes later recompile.

calls = []

def counting(gm, example_inputs):
    calls.append([type(a).__name__ for a in example_inputs])
    return gm.forward

def f(x, y):
    return x.sum() + y.sum()

cf = torch.compile(f, backend=counting, dynamic=True)
for n, m in [(3, 3), (5, 5), (4, 6), (7, 2), (6, 6)]:
    x = torch.ones(n)
    y = torch.ones(m)
    out = cf(x, y)
    print((n, m), out, torch.equal(out, f(x, y)), "compiles", len(calls))
for i, c in enumerate(calls):
    print("graph", i, c)
