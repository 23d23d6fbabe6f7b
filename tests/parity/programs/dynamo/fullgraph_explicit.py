import torch
import torch._dynamo
# fullgraph=True with torch._dynamo.graph_break() and with a disabled function.

calls = []

def counting(gm, example_inputs):
    calls.append(len(gm.graph.nodes))
    return gm.forward

@torch.compiler.disable
def eager_only(t):
    return t + 100

def f(x):
    y = x * 2
    torch._dynamo.graph_break()
    return y + 1

def g(x):
    return eager_only(x * 2) - 1

x = torch.tensor([1., 2.])
for fn in [f, g]:
    try:
        torch.compile(fn, backend=counting, fullgraph=True)(x)
        print(fn.__name__, "no error")
    except Exception as e:
        print(fn.__name__, type(e).__name__)
        print(" ", str(e).strip().split("\n")[0])
    print(" graphs", len(calls))
    out = torch.compile(fn, backend=counting)(x)
    print(" non-fullgraph", out, torch.equal(out, fn(x)), "graphs", len(calls))
