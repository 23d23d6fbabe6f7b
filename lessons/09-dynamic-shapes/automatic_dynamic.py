import torch

# By default torch.compile starts static: the first graph is specialized to the
# sizes it saw. When a size changes, Dynamo recompiles ONCE with that size made
# symbolic (a SymInt input), and later sizes reuse the dynamic graph.
graphs = []

def counting(gm, example_inputs):
    graphs.append([type(a).__name__ for a in example_inputs])
    return gm.forward

def f(x):
    return (x * 2).sum(0) + 1

cf = torch.compile(f, backend=counting)
for rows in [4, 4, 5, 6, 9, 2]:
    x = torch.ones(rows, 3)
    out = cf(x)
    print("rows", rows, "graphs", len(graphs), torch.equal(out, f(x)))

for i, g in enumerate(graphs):
    print("graph", i, "inputs:", g)
