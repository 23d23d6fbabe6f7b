import torch

# A symbolic size is not a free pass: when Python code branches on it, Dynamo
# records which side was taken as a shape guard (here s > 4 or s <= 4), and a
# size on the other side compiles another graph.
graphs = []

def counting(gm, example_inputs):
    graphs.append(len(gm.graph.nodes))
    return gm.forward

def f(x):
    if x.shape[0] > 4:
        return x[:4] * 2
    return x - 1

cf = torch.compile(f, backend=counting, dynamic=True)
for n in [3, 2, 5, 6, 4, 9]:
    x = torch.arange(n, dtype=torch.float32)
    out = cf(x)
    print("size", n, "output size", out.shape[0], "graphs", len(graphs), torch.equal(out, f(x)))
