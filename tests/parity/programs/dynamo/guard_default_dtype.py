import torch
# The default dtype is global state: changing it recompiles code that creates tensors.

calls = []

def counting(gm, example_inputs):
    calls.append(len(gm.graph.nodes))
    return gm.forward

def f(x):
    return x + torch.ones(2)

cf = torch.compile(f, backend=counting)
x = torch.tensor([1, 2])
out = cf(x)
print(out, out.dtype, "compiles", len(calls))
torch.set_default_dtype(torch.float64)
out = cf(x)
print(out, out.dtype, "compiles", len(calls), torch.equal(out, f(x)))
torch.set_default_dtype(torch.float32)
out = cf(x)
print(out, out.dtype, "compiles", len(calls), torch.equal(out, f(x)))
