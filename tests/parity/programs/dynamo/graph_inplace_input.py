import torch
# In-place ops on inputs are recorded in the graph and mutate the caller's tensor.

graphs = []

def capture(gm, example_inputs):
    graphs.append(gm)
    return gm.forward

def show(gm):
    for n in gm.graph.nodes:
        if n.op == "call_function":
            print(" ", n.op, n.name, getattr(n.target, "__name__", "?"), n.args, n.kwargs)
        elif n.op == "call_method":
            print(" ", n.op, n.name, n.target, n.args, n.kwargs)
        else:
            print(" ", n.op, n.name, n.target, n.args)

def f(x, y):
    x.add_(1)
    y.mul_(2)
    return x + y

cf = torch.compile(f, backend=capture)
x1 = torch.tensor([1., 2.])
y1 = torch.tensor([3., 4.])
x2 = x1.clone()
y2 = y1.clone()
out = cf(x1, y1)
ref = f(x2, y2)
print(out, ref, torch.equal(out, ref))
print("inputs after", x1, y1, torch.equal(x1, x2), torch.equal(y1, y2))
print("graphs", len(graphs))
show(graphs[0])
out = cf(x1, y1)
print("second call", out, x1, y1, "graphs", len(graphs))
