import torch
import torch._dynamo
# With fullgraph=True, hitting the recompile limit raises instead of falling back to eager.

calls = []

def counting(gm, example_inputs):
    calls.append(tuple(example_inputs[0].shape))
    return gm.forward

def f(x):
    return x + 1

torch._dynamo.config.recompile_limit = 2
cf = torch.compile(f, backend=counting, fullgraph=True, dynamic=False)
for n in [1, 2, 3, 1]:
    x = torch.ones(n)
    try:
        out = cf(x)
        print(n, "ok", out, "compiles", len(calls))
    except Exception as e:
        print(n, type(e).__name__, "compiles", len(calls))
torch._dynamo.config.recompile_limit = 8
print(calls)
