import torch
# Turning tensors into Python values (tolist, int()) inside a compiled function.

calls = []

def counting(gm, example_inputs):
    calls.append(len(gm.graph.nodes))
    return gm.forward

def f(x):
    vals = x.tolist()
    return x * len(vals) + vals[0]

def g(x):
    n = int(x[0])
    return x + n

cf = torch.compile(f, backend=counting)
x = torch.tensor([2., 3., 4.])
out = cf(x)
print("tolist", out, torch.equal(out, f(x)), "graphs", len(calls))
cg = torch.compile(g, backend=counting)
out = cg(x)
print("int()", out, torch.equal(out, g(x)), "graphs", len(calls))
y = torch.tensor([5., 1., 0.5])
print("tolist", cf(y), torch.equal(cf(y), f(y)), "graphs", len(calls))
print("int()", cg(y), torch.equal(cg(y), g(y)), "graphs", len(calls))
