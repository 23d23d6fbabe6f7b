import torch
# Tensors reached through a closure cell or a global become graph inputs; numbers are inlined.

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

G = torch.tensor([10., 20.])
STEP = 3

def make(w, k):
    def f(x):
        return x * w + G * k - STEP
    return f

f = make(torch.tensor([2., 0.5]), 2)
cf = torch.compile(f, backend=capture)
x = torch.tensor([1., 2.])
out = cf(x)
print(out, torch.equal(out, f(x)))
print("graphs", len(graphs))
show(graphs[0])
