import torch
# The number of dimensions is always static: a new rank recompiles.

calls = []

def counting(gm, example_inputs):
    calls.append([a.dim() if isinstance(a, torch.Tensor) else type(a).__name__ for a in example_inputs])
    return gm.forward

def f(x):
    return x.sum(0) * 2

cf = torch.compile(f, backend=counting)
inputs = [torch.ones(3), torch.ones(2, 3), torch.ones(3), torch.ones(2, 2, 2), torch.ones(2, 3)]
for t in inputs:
    out = cf(t)
    print(t.dim(), tuple(out.shape), torch.equal(out, f(t)), "compiles", len(calls))
for i, c in enumerate(calls):
    print("graph", i, c)
