import torch
# .item() breaks the graph; the Python float then decides a branch in the resumed code.

calls = []

def counting(gm, example_inputs):
    calls.append(len(gm.graph.nodes))
    return gm.forward

def f(x):
    s = x.sum().item()
    if s > 3:
        return x * 2
    return x + s

cf = torch.compile(f, backend=counting)
inputs = [torch.tensor([1., 2.]), torch.tensor([2., 2.]), torch.tensor([1., 1.]),
          torch.tensor([1., 2.]), torch.tensor([3., 3.]), torch.tensor([0.5, 0.5])]
for t in inputs:
    out = cf(t)
    print(t.sum().item(), out, torch.equal(out, f(t)), "graphs", len(calls))
print("node counts", calls)
