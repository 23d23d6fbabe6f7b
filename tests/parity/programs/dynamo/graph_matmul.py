import torch
# Matrix products in a captured graph: @, torch.mm, torch.matmul and a transpose method.

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

def f(a, b):
    c = a @ b
    d = torch.mm(c, b.t())
    return torch.matmul(d, b)

cf = torch.compile(f, backend=capture)
a = torch.tensor([[1., 2.], [0., 1.]])
b = torch.tensor([[1., 0., 2.], [0., 1., -1.]])
out = cf(a, b)
print(out)
print(torch.equal(out, f(a, b)))
print("graphs", len(graphs))
show(graphs[0])
