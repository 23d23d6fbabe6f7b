import torch
# Closures share one code object, so they share its cache; the captured value is guarded.

calls = []

def counting(gm, example_inputs):
    calls.append(len(gm.graph.nodes))
    return gm.forward

def make(k):
    def scale(x):
        return x * k + 1
    return scale

f2 = make(2)
f3 = make(3)
c2 = torch.compile(f2, backend=counting)
c3 = torch.compile(f3, backend=counting)
x = torch.tensor([1., 2.])
print("k=2", c2(x), "compiles", len(calls))
print("k=3", c3(x), "compiles", len(calls))
print("k=2", c2(x), "compiles", len(calls))
print("k=3", c3(x), "compiles", len(calls))
f2b = make(2)
c2b = torch.compile(f2b, backend=counting)
print("new k=2", c2b(x), "compiles", len(calls))
print(torch.equal(c2(x), f2(x)), torch.equal(c3(x), f3(x)))
print("same code", f2.__code__ is f3.__code__)
