import torch
# fullgraph=True with a data-dependent if raises; torch.where keeps it in one graph.

calls = []

def counting(gm, example_inputs):
    calls.append(len(gm.graph.nodes))
    return gm.forward

def f(x):
    if x.sum() > 0:
        return x * 2
    return x - 1

def g(x):
    return torch.where(x.sum() > 0, x * 2, x - 1)

x = torch.tensor([1., 2.])
try:
    torch.compile(f, backend=counting, fullgraph=True)(x)
    print("no error")
except Exception as e:
    print(type(e).__name__)
    print(str(e).strip().split("\n")[0])
print("graphs", len(calls))
cg = torch.compile(g, backend=counting, fullgraph=True)
for t in [x, -x]:
    out = cg(t)
    print(out, torch.equal(out, f(t)), "graphs", len(calls))
