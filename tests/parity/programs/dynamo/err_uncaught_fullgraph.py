import torch
# An uncaught graph-break error under fullgraph=True (the program ends with it).

def f(x):
    y = x * 2
    print("breaks the graph")
    return y

def g(x):
    return x + 1

x = torch.tensor([1., 2.])
print("eager", f(x))
print("fullgraph without breaks", torch.compile(g, backend="eager", fullgraph=True)(x))
cf = torch.compile(f, backend="eager", fullgraph=True)
print("compiling")
cf(x)
print("not reached")
