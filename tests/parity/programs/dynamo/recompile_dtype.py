import torch
# A new dtype always recompiles; going back to an earlier dtype reuses its entry.

calls = []

def counting(gm, example_inputs):
    calls.append(example_inputs[0].dtype)
    return gm.forward

def f(x):
    return x * 3 - 1

cf = torch.compile(f, backend=counting)
base = torch.tensor([1, 2, 3])
for dt in [torch.float32, torch.float32, torch.float64, torch.int64, torch.float32, torch.float64]:
    x = base.to(dt)
    out = cf(x)
    print(dt, out.dtype, "compiles", len(calls), torch.equal(out, f(x)))
print(calls)
