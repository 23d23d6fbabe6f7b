import torch
# Calls to plain Python helpers are inlined: one graph holds the ops of all of them.

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

def double(t):
    return t * 2

def shift(t, k):
    return double(t) - k

def f(x):
    a = shift(x, 1)
    b = double(a)
    return shift(b, 3)

cf = torch.compile(f, backend=capture)
x = torch.tensor([1., 2.5])
out = cf(x)
print(out, torch.equal(out, f(x)))
print("graphs", len(graphs))
show(graphs[0])
