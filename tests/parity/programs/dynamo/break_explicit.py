import torch
import torch._dynamo
# torch._dynamo.graph_break() splits the function into two graphs.

calls = []

def counting(gm, example_inputs):
    calls.append([n.op for n in gm.graph.nodes])
    return gm.forward

def f(x, y):
    a = x + y
    b = a * a
    torch._dynamo.graph_break()
    c = b - x
    return c.sum()

cf = torch.compile(f, backend=counting)
x = torch.tensor([1., 2., 3.])
y = torch.tensor([0.5, 0.5, 0.5])
out = cf(x, y)
print("compiled", out, torch.equal(out, f(x, y)))
print("graphs", len(calls))
for ops in calls:
    print(" ", ops)
out = cf(y, x)
print("compiled", out, torch.equal(out, f(y, x)), "graphs", len(calls))
