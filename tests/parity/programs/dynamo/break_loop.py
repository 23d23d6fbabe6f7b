import torch
# A graph break inside a for loop: Dynamo gives up on the frame and runs it eagerly.

calls = []

def counting(gm, example_inputs):
    calls.append(len(gm.graph.nodes))
    return gm.forward

def f(x):
    total = x * 0
    for i in range(3):
        total = total + x * i
        print("i =", i)
    return total + 1

cf = torch.compile(f, backend=counting)
x = torch.tensor([1., 2.])
out = cf(x)
print("compiled", out, torch.equal(out, f(x)))
print("graphs", len(calls), calls)
out = cf(x)
print("graphs after second call", len(calls))

def g(x):
    total = x * 0
    for i in range(3):
        total = total + x * i
    return total + 1

cg = torch.compile(g, backend=counting)
print("no break", cg(x), torch.equal(cg(x), g(x)), "graphs", len(calls), calls)
