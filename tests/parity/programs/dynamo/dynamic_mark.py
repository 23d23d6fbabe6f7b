import torch
import torch._dynamo
# mark_dynamic(x, 0) makes dim 0 symbolic on the very first compile.

calls = []

def counting(gm, example_inputs):
    calls.append([type(a).__name__ for a in example_inputs])
    return gm.forward

def f(x):
    return x * 2 + x.shape[0]

cf = torch.compile(f, backend=counting)
x = torch.ones(4, 3)
torch._dynamo.mark_dynamic(x, 0)
out = cf(x)
print((4, 3), "compiles", len(calls), torch.equal(out, f(x)), calls[-1])
for rows in [5, 8, 2]:
    y = torch.ones(rows, 3)
    out = cf(y)
    print((rows, 3), "compiles", len(calls), torch.equal(out, f(y)))
y = torch.ones(6, 4)
out = cf(y)
print((6, 4), "compiles", len(calls), torch.equal(out, f(y)), calls[-1])
print(len(calls))
