import torch
# Python arithmetic on ints is done while tracing: the graph holds the folded constant.

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

def f(x, n):
    k = n + 1
    m = k * k - n
    return x * k + m

cf = torch.compile(f, backend=capture)
x = torch.tensor([1., 2.])
out = cf(x, 2)
print(out, torch.equal(out, f(x, 2)))
print("graphs", len(graphs))
show(graphs[0])
out = cf(x, 2)
print("same n again: graphs", len(graphs))
