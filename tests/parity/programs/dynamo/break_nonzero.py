import torch
# Data-dependent output shapes (boolean mask, nonzero) break the graph by default.

calls = []

def counting(gm, example_inputs):
    calls.append(len(gm.graph.nodes))
    return gm.forward

def masked(x):
    y = x * 2
    z = y[y > 0]
    return z.sum() + 1

def nz(x):
    idx = torch.nonzero(x)
    return idx.shape[0] + x.sum()

x = torch.tensor([1., -2., 3., -4.])
cm = torch.compile(masked, backend=counting)
out = cm(x)
print("masked", out, torch.equal(out, masked(x)), "graphs", len(calls))
cn = torch.compile(nz, backend=counting)
out = cn(x)
print("nonzero", out, torch.equal(out, nz(x)), "graphs", len(calls))
y = torch.tensor([0., 5., 0., 1., 1.])
print("masked", cm(y), torch.equal(cm(y), masked(y)), "graphs", len(calls))
print("nonzero", cn(y), torch.equal(cn(y), nz(y)), "graphs", len(calls))
