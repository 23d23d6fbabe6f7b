import torch
# With a graph break the backend sees one graph per side, each with its own inputs.

def inspect(gm, example_inputs):
    print("backend: inputs", [tuple(a.shape) for a in example_inputs])
    print("  placeholders", [n.name for n in gm.graph.nodes if n.op == "placeholder"])
    print("  ops", [n.op for n in gm.graph.nodes])
    return gm.forward

def f(x, w):
    h = x @ w
    print("between graphs")
    return h.relu() + x.sum()

cf = torch.compile(f, backend=inspect)
x = torch.tensor([[1., 2.], [0., -1.]])
w = torch.tensor([[1.], [-1.]])
print("first call")
out = cf(x, w)
print(out, torch.equal(out, f(x, w)))
print("second call")
out = cf(x, w)
print(out)
