import torch
# A dict argument: keys and non-tensor values are guarded, tensor values are graph inputs.

calls = []

def counting(gm, example_inputs):
    calls.append([n.name for n in gm.graph.nodes if n.op == "placeholder"])
    return gm.forward

def f(d):
    out = d["x"] * d["scale"]
    if "bias" in d:
        out = out + d["bias"]
    return out

cf = torch.compile(f, backend=counting)
x = torch.tensor([1., 2.])
b = torch.tensor([10., 20.])
cases = [{"x": x, "scale": 2}, {"x": b, "scale": 2}, {"x": x, "scale": 3},
         {"x": x, "scale": 2, "bias": b}, {"x": b, "scale": 2, "bias": x}, {"x": x, "scale": 2}]
for d in cases:
    out = cf(d)
    print(sorted(d.keys()), out, torch.equal(out, f(d)), "compiles", len(calls))
for c in calls:
    print(" placeholders", c)
