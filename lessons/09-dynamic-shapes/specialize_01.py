import torch

# Sizes 0 and 1 are special: a size-1 dimension broadcasts, a size-0 one is
# empty, so Dynamo never makes them symbolic. They get static graphs of their own.
graphs = []

def counting(gm, example_inputs):
    graphs.append([type(a).__name__ for a in example_inputs])
    return gm.forward

def f(x):
    return x.relu() * 3

cf = torch.compile(f, backend=counting)
for n in [4, 7, 10, 1, 1, 0, 12]:
    out = cf(torch.ones(n))
    print("size", n, "graphs", len(graphs), out.shape)
for i, g in enumerate(graphs):
    print("graph", i, "inputs:", g)
