import torch
# .item() under fullgraph=True: is it an error, or captured as a symbolic scalar?

calls = []

def counting(gm, example_inputs):
    calls.append([n.op for n in gm.graph.nodes])
    return gm.forward

def f(x):
    s = x.sum().item()
    return x * s

cf = torch.compile(f, backend=counting, fullgraph=True)
x = torch.tensor([1., 2.])
try:
    out = cf(x)
    print("ok", out, torch.equal(out, f(x)))
except Exception as e:
    print(type(e).__name__)
    print(str(e).strip().split("\n")[0])
print("graphs", len(calls))
for c in calls:
    print(" ", c)
y = torch.tensor([3., 3., 3.])
try:
    out = cf(y)
    print("ok", out, torch.equal(out, f(y)), "graphs", len(calls))
except Exception as e:
    print(type(e).__name__)
