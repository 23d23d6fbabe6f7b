import torch
# A data-dependent if: the branch is taken in Python; each side is compiled when first reached.

calls = []

def counting(gm, example_inputs):
    calls.append(len(gm.graph.nodes))
    return gm.forward

def f(x):
    y = x * 2
    if y.sum() > 0:
        return y + 1
    return y - 1

cf = torch.compile(f, backend=counting)
pos = torch.tensor([1., 2.])
neg = torch.tensor([-1., -2.])
for name, t in [("pos", pos), ("pos", pos), ("neg", neg), ("pos", pos), ("neg", neg)]:
    out = cf(t)
    print(name, out, torch.equal(out, f(t)), "graphs", len(calls))
print("node counts", calls)
