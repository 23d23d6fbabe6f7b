import torch
# List and tuple arguments are flattened into placeholders; tuple/list outputs are rebuilt.

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

def f(xs, pair):
    a = xs[0] + xs[1]
    b = pair[0] * pair[1]
    return [a, b], (a - b, 7)

cf = torch.compile(f, backend=capture)
xs = [torch.tensor([1., 2.]), torch.tensor([3., 4.])]
pair = (torch.tensor([2., 2.]), torch.tensor([0.5, -1.]))
out = cf(xs, pair)
print(out)
ref = f(xs, pair)
print(type(out).__name__, type(out[0]).__name__, type(out[1]).__name__, out[1][1])
print(torch.equal(out[0][0], ref[0][0]), torch.equal(out[0][1], ref[0][1]), torch.equal(out[1][0], ref[1][0]))
print("graphs", len(graphs))
show(graphs[0])
