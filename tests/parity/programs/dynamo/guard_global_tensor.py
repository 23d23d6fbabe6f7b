import torch
# A global tensor is a graph input, not a constant: in-place updates are seen without recompiling.

W = torch.tensor([1., 2.])
calls = []

def counting(gm, example_inputs):
    holders = [n for n in gm.graph.nodes if n.op == "placeholder"]
    names = []
    for node, a in zip(holders, example_inputs):
        if isinstance(a, torch.Tensor):
            names.append(node.target)
        else:
            names.append(type(a).__name__)
    calls.append(names)
    return gm.forward

def f(x):
    return x * W

cf = torch.compile(f, backend=counting)
x = torch.tensor([3., 4.])
print(cf(x), "compiles", len(calls))
W.add_(1)
print("after add_", cf(x), "compiles", len(calls))
W = torch.tensor([-1., 0.5])
print("rebound", cf(x), "compiles", len(calls), torch.equal(cf(x), f(x)))
W = torch.tensor([1., 2., 3.])
y = torch.tensor([1., 1., 1.])
print("new shape", cf(y), "compiles", len(calls), torch.equal(cf(y), f(y)))
for c in calls:
    print("placeholders", c)
