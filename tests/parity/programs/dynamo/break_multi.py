import torch
import torch._dynamo
# Several breaks in one function: one graph per stretch of tensor code between them.

calls = []

def counting(gm, example_inputs):
    calls.append(len(gm.graph.nodes))
    return gm.forward

def f(x):
    a = x + 1
    print("first")
    b = a * 2
    c = b - 1
    torch._dynamo.graph_break()
    d = c.relu()
    print("second")
    e = d + a
    f2 = e * e
    torch._dynamo.graph_break()
    return f2 - 2

cf = torch.compile(f, backend=counting)
x = torch.tensor([1., -2., 0.5])
out = cf(x)
print("compiled", out, torch.equal(out, f(x)))
print("graphs", len(calls), "node counts", calls)
out = cf(x)
print("graphs", len(calls))
