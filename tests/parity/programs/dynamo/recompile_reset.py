import torch
import torch._dynamo
# torch._dynamo.reset() / torch.compiler.reset() forget every compiled entry.

calls = []

def counting(gm, example_inputs):
    calls.append(len(gm.graph.nodes))
    return gm.forward

def f(x):
    return x + 10

cf = torch.compile(f, backend=counting)
x = torch.tensor([1., 2.])
print(cf(x), "compiles", len(calls))
print(cf(x), "compiles", len(calls))
torch._dynamo.reset()
print("after reset", cf(x), "compiles", len(calls))
print(cf(x), "compiles", len(calls))
torch.compiler.reset()
print("after compiler.reset", cf(x), "compiles", len(calls))
cf2 = torch.compile(f, backend=counting)
print("second wrapper", cf2(x), "compiles", len(calls))
print(torch.equal(cf(x), f(x)), torch.equal(cf2(x), f(x)))
