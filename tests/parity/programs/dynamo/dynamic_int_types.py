import torch
# The placeholders of a dynamic graph: which example inputs are SymInts, and what the graph holds.

graphs = []

def capture(gm, example_inputs):
    graphs.append(gm)
    print("  inputs:", [type(a).__name__ for a in example_inputs])
    print("  node ops:", [n.op for n in gm.graph.nodes])
    print("  functions:", [getattr(n.target, "__name__", "?") for n in gm.graph.nodes if n.op == "call_function"])
    return gm.forward

def f(x, n):
    return x.reshape(-1) * n + x.shape[0]

cf = torch.compile(f, backend=capture)
for rows, n in [(2, 3), (3, 3), (4, 5), (5, 6)]:
    x = torch.ones(rows, 2)
    print("call", (rows, 2), n)
    out = cf(x, n)
    print(" result", out.shape[0], torch.equal(out, f(x, n)), "graphs", len(graphs))
