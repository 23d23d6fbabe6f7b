import torch
import torch._dynamo

# Recompiles are not free, so Dynamo caps them per function. Past the limit the
# function runs eagerly (uncompiled) for new guards.
calls = []

def counting(gm, example_inputs):
    calls.append(1)
    return gm.forward

def f(x, mode):
    if mode == "double":
        return x * 2
    if mode == "square":
        return x * x
    return x - 1

old = torch._dynamo.config.recompile_limit
torch._dynamo.config.recompile_limit = 2
cf = torch.compile(f, backend=counting)
x = torch.tensor([3.0])
for mode in ["double", "square", "other", "double", "other"]:
    out = cf(x, mode)
    print(mode, out, "graphs:", len(calls))
torch._dynamo.config.recompile_limit = old
