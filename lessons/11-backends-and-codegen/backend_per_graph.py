import torch

# The backend is called once per captured graph: a graph break gives it two
# graphs, and a recompile one more.
sizes = []

def counting(gm, example_inputs):
    sizes.append(len([n for n in gm.graph.nodes if n.op not in ("placeholder", "output")]))
    return gm.forward

def f(x):
    y = x.exp() + 1
    torch._dynamo.graph_break()
    return y * y - x

cf = torch.compile(f, backend=counting)
x = torch.ones(3)
cf(x)
print("graphs after one call:", len(sizes))
cf(x)
print("graphs after a cached call:", len(sizes))
cf(torch.ones(3, dtype=torch.float64))
print("graphs after a new dtype:", len(sizes))
print("ops per graph:", sizes)
