import torch
# Strides are part of the tensor guard: a transposed (non-contiguous) input recompiles.

calls = []

def counting(gm, example_inputs):
    calls.append(example_inputs[0].is_contiguous())
    return gm.forward

def f(x):
    return x * 2 + 1

cf = torch.compile(f, backend=counting, dynamic=False)
a = torch.arange(6, dtype=torch.float32).reshape(2, 3)
b = torch.arange(6, dtype=torch.float32).reshape(3, 2).t()
print(a.stride(), b.stride(), a.shape == b.shape)
print(cf(a), "compiles", len(calls))
print(cf(b), "compiles", len(calls))
print(cf(a + 1), "compiles", len(calls))
print(cf(b.contiguous()), "compiles", len(calls))
print(torch.equal(cf(b), f(b)))
print("contiguous at each compile", calls)
