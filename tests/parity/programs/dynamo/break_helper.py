import torch
# A graph break inside an inlined helper: how many graphs each side of it produces.

calls = []

def counting(gm, example_inputs):
    calls.append(len(gm.graph.nodes))
    return gm.forward

def helper(x):
    y = x - 1
    print("helper", y)
    return y * 5

def f(x):
    a = x * 2
    b = helper(a)
    return b + 3

cf = torch.compile(f, backend=counting)
x = torch.tensor([1., 2.])
out = cf(x)
print("compiled", out, torch.equal(out, f(x)))
print("graphs", len(calls), "node counts", calls)
out = cf(x)
print("again: graphs", len(calls))
ch = torch.compile(helper, backend=counting)
out = ch(x)
print("helper compiled", out, torch.equal(out, helper(x)), "graphs", len(calls))
