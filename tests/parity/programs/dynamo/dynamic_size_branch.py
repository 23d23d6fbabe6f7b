import torch
# Branching on a symbolic size adds a range guard: each side of the branch is its own entry.

calls = []

def counting(gm, example_inputs):
    calls.append([n.op for n in gm.graph.nodes])
    return gm.forward

def f(x):
    if x.shape[0] > 4:
        return x[:4] * 2
    return x - 1

cf = torch.compile(f, backend=counting, dynamic=True)
for n in [3, 2, 5, 6, 4, 9, 3]:
    x = torch.arange(n, dtype=torch.float32)
    out = cf(x)
    print(n, out, torch.equal(out, f(x)), "compiles", len(calls))
for c in calls:
    print(" ", c)
