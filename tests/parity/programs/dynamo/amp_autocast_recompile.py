import torch
import torch._dynamo as dynamo
# torch.compile and autocast: the autocast state is part of the guarded global state, so calling
# a compiled function inside and outside an autocast region compiles it twice (the second call
# outside reuses the first graph).

torch._logging.set_logs(recompiles=True)

calls = []
def backend(gm, example_inputs):
    calls.append(len([n for n in gm.graph.nodes if n.op == "call_function"]))
    return gm.forward

@torch.compile(backend=backend)
def f(x, w):
    return torch.relu(x @ w)

torch.manual_seed(0)
x = torch.randn(4, 8)
w = torch.randn(8, 3)
print(f(x, w).dtype)
with torch.autocast("cpu", dtype=torch.bfloat16):
    print(f(x, w).dtype)
print(f(x, w).dtype)
print("graphs compiled:", len(calls))
