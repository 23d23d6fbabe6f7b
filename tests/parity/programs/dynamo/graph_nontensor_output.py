import torch
# Only tensors leave the graph; ints, strings, None and shapes in the result are rebuilt in Python.

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
    y = x * 2
    return y, x.shape[0], "done", None, x.dtype, y.shape

cf = torch.compile(f, backend=capture)
x = torch.tensor([1., 2., 3.])
out = cf(x)
print(out)
print(len(out), type(out).__name__, type(out[5]).__name__)
ref = f(x)
print(torch.equal(out[0], ref[0]), out[1:] == ref[1:])
print("graphs", len(graphs))
show(graphs[0])
