import torch
import torch._dynamo
# recompile_limit: past it the function runs eagerly for new shapes, still with the right results.

calls = []

def counting(gm, example_inputs):
    calls.append(tuple(example_inputs[0].shape))
    return gm.forward

def f(x):
    return x * 2 - 1

print("default limit", torch._dynamo.config.recompile_limit)
print("alias", torch._dynamo.config.cache_size_limit)
torch._dynamo.config.recompile_limit = 2
print("set", torch._dynamo.config.recompile_limit, torch._dynamo.config.cache_size_limit)
cf = torch.compile(f, backend=counting, dynamic=False)
for n in [1, 2, 3, 4, 5, 1, 2, 3]:
    x = torch.arange(n, dtype=torch.float32)
    out = cf(x)
    print(n, out, torch.equal(out, f(x)), "compiles", len(calls))
print("compiled shapes", calls)
torch._dynamo.config.recompile_limit = 8
torch._dynamo.reset()
print("restored", torch._dynamo.config.recompile_limit)
