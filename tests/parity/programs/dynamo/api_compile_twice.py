import torch
# Two torch.compile wrappers of one function share the code object's cache entries.

calls_a = []
calls_b = []

def backend_a(gm, example_inputs):
    calls_a.append(len(gm.graph.nodes))
    return gm.forward

def backend_b(gm, example_inputs):
    calls_b.append(len(gm.graph.nodes))
    return gm.forward

def f(x):
    return x - 3

x = torch.tensor([1., 2.])
c1 = torch.compile(f, backend=backend_a)
c2 = torch.compile(f, backend=backend_a)
print(c1(x), len(calls_a), len(calls_b))
print(c2(x), len(calls_a), len(calls_b))
c3 = torch.compile(f, backend=backend_b)
print(c3(x), len(calls_a), len(calls_b))
print(c1(x), len(calls_a), len(calls_b))
print(c3(x), len(calls_a), len(calls_b))
print(c1 is c2, torch.equal(c3(x), f(x)))
