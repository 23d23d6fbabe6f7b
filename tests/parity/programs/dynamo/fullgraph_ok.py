import torch
# fullgraph=True on code without breaks: one graph, same results as eager.

calls = []

def counting(gm, example_inputs):
    calls.append(len(gm.graph.nodes))
    return gm.forward

def helper(t):
    return t * 2

def f(x, y):
    a = helper(x) + y
    b = [a, a + 1]
    return b[0] * b[1], len(b)

cf = torch.compile(f, backend=counting, fullgraph=True)
x = torch.tensor([1., 2.])
y = torch.tensor([0.5, -1.])
out = cf(x, y)
ref = f(x, y)
print(out)
print(torch.equal(out[0], ref[0]), out[1] == ref[1])
print("graphs", len(calls), calls)
