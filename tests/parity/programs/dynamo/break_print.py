import torch
# print() inside a compiled function: two graphs, the print runs in Python on every call.

calls = []

def counting(gm, example_inputs):
    calls.append(len(gm.graph.nodes))
    return gm.forward

def f(x):
    a = x * 2
    print("a is", a)
    b = a + 1
    return b

cf = torch.compile(f, backend=counting)
x = torch.tensor([1., 2.])
print("eager")
r1 = f(x)
print("compiled, first call")
r2 = cf(x)
print("graphs", len(calls), "node counts", calls)
print("compiled, second call")
r3 = cf(x)
print("graphs", len(calls))
print(r1, torch.equal(r1, r2), torch.equal(r1, r3))
y = torch.tensor([-1., 0.5])
r4 = cf(y)
print("graphs", len(calls), torch.equal(r4, f(y)))
