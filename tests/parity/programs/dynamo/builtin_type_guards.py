import torch
import torch.nn as nn
# The builtin type() inside a compiled function: Dynamo answers it from what it tracks (a tensor's
# class, a list's, a dict's, a module's, a constant's) without a graph break, so `type(x) is
# torch.Tensor`, `type(x).__name__` and isinstance checks fold into one graph. The class of a frame
# input is guarded: a Parameter after a plain tensor, a tuple after a list, recompiles.

compiles = []

def counting(gm, example_inputs):
    compiles.append(len(example_inputs))
    return gm.forward

def f(x, lst, d, m):
    y = x * 2
    if type(x) is torch.Tensor:
        y = y + 1
    if type(lst) is list and type(d) is dict:
        y = y + len(lst) + d["k"]
    if isinstance(x, torch.Tensor) and not isinstance(x, nn.Parameter):
        y = y * 3
    if type(m).__name__ == "Linear" and type(m) is nn.Linear:
        y = m(y)
    if type(3) is int and type(2.5) is float and type("s") is str and type(None) is type(None):
        y = y - 1
    z = y.relu()
    return z, type(x).__name__, type(z).__name__, type(lst).__name__, type(m).__name__

torch.manual_seed(0)
m = nn.Linear(3, 2)
x = torch.linspace(-1.0, 1.0, 6).reshape(2, 3)
eager = f(x, [1, 2], {"k": 0.5}, m)
cf = torch.compile(f, backend=counting)
out = cf(x, [1, 2], {"k": 0.5}, m)
print("same", torch.allclose(eager[0], out[0]), out[1:], "compiles", len(compiles))
out = cf(x + 1, [1, 2], {"k": 0.5}, m)
print("again", out[1:], "compiles", len(compiles))

torch._dynamo.reset()
ex = torch._dynamo.explain(f)(x, [1, 2], {"k": 0.5}, m)
print("graphs", ex.graph_count, "breaks", ex.graph_break_count)

# The class of a frame input is part of its guard.
def g(t, seq):
    return t + 1, type(t).__name__, type(seq).__name__, type(seq) is tuple

compiles.clear()
torch._dynamo.reset()
cg = torch.compile(g, backend=counting)
a = torch.ones(2)
r = cg(a, [1, 2])
print(r[0].tolist(), r[1:], "compiles", len(compiles))
p = nn.Parameter(torch.ones(2))
r = cg(p, [1, 2])
print(r[0].tolist(), r[1:], "compiles", len(compiles))
r = cg(a, (1, 2))
print(r[0].tolist(), r[1:], "compiles", len(compiles))

# type() of values made inside the graph, and isinstance beside it.
def h(x):
    s = x.shape
    parts = [x, x * 2]
    return ((x * x).sum(), type(s).__name__, type(parts).__name__, type(parts[1]) is torch.Tensor,
            isinstance(s, tuple), type(x.dtype).__name__)

torch._dynamo.reset()
ex = torch._dynamo.explain(h)(x)
print("graphs", ex.graph_count, "breaks", ex.graph_break_count)
r = torch.compile(h, backend="eager")(x)
print(round(r[0].item(), 4), r[1:])
