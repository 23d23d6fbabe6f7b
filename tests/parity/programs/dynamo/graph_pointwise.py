import torch
# The graph Dynamo captures for pointwise code: placeholders, call_function nodes, output.

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
    a = x + y
    b = a * y
    c = torch.relu(b - 2)
    return c / 2

cf = torch.compile(f, backend=capture)
x = torch.tensor([1., 2., 3.])
y = torch.tensor([2., 2., -1.])
out = cf(x, y)
print(out, torch.equal(out, f(x, y)))
print("graphs", len(graphs))
show(graphs[0])
print([n.op for n in graphs[0].graph.nodes])
