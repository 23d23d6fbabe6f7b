import torch
# Tensor methods appear as call_method nodes whose target is the method name.

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

def f(x):
    a = x.view(2, 3)
    b = a.t().contiguous()
    c = b.sum(0)
    d = c.unsqueeze(1).expand(2, 3)
    return d.reshape(-1).float() + x.size(0)

cf = torch.compile(f, backend=capture)
x = torch.arange(6, dtype=torch.float32)
out = cf(x)
print(out, torch.equal(out, f(x)))
print("graphs", len(graphs))
show(graphs[0])
