import torch
# A global Python number read by the compiled code is guarded: changing it recompiles.

SCALE = 2
calls = []

def counting(gm, example_inputs):
    calls.append(len(gm.graph.nodes))
    return gm.forward

def f(x):
    return x * SCALE + 1

cf = torch.compile(f, backend=counting)
x = torch.tensor([1., 2.])
print(SCALE, cf(x), "compiles", len(calls))
print(SCALE, cf(x), "compiles", len(calls))
SCALE = 3
print(SCALE, cf(x), "compiles", len(calls), torch.equal(cf(x), f(x)))
SCALE = 2
print(SCALE, cf(x), "compiles", len(calls), torch.equal(cf(x), f(x)))
SCALE = 5
print(SCALE, cf(x), "compiles", len(calls), torch.equal(cf(x), f(x)))
SCALE = 6
print(SCALE, cf(x), "compiles", len(calls), torch.equal(cf(x), f(x)))
print("node counts", calls)
