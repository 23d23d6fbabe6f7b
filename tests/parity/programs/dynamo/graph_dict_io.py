import torch
# Dict arguments and dict results: placeholders are named after the keys.

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

def f(d):
    s = d["a"] + d["b"]
    return {"sum": s, "diff": d["a"] - d["b"], "n": len(d)}

cf = torch.compile(f, backend=capture)
d = {"a": torch.tensor([1., 2.]), "b": torch.tensor([0.5, 4.])}
out = cf(d)
ref = f(d)
print(sorted(out.keys()))
print(out["sum"], out["diff"], out["n"])
print(torch.equal(out["sum"], ref["sum"]), torch.equal(out["diff"], ref["diff"]))
print("graphs", len(graphs))
show(graphs[0])
