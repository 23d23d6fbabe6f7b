import torch
# Tensor factories inside the function (ones, arange, full) become graph nodes with constant args.

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
    a = torch.ones(3)
    b = torch.arange(3)
    c = torch.full((3,), 0.5)
    return x * a + b - c

cf = torch.compile(f, backend=capture)
x = torch.tensor([1., 2., 3.])
out = cf(x)
print(out, torch.equal(out, f(x)))
print("graphs", len(graphs))
show(graphs[0])
