import torch
# What the backend receives: a GraphModule and example inputs matching its placeholders.

def inspect(gm, example_inputs):
    print("gm type", type(gm).__name__, callable(gm))
    print("inputs", len(example_inputs))
    for a in example_inputs:
        print(" ", type(a).__name__, tuple(a.shape), a.dtype, a.requires_grad)
    print("placeholders", [n.target for n in gm.graph.nodes if n.op == "placeholder"])
    return gm

def f(a, b, k):
    return a.float() * b + k

cf = torch.compile(f, backend=inspect)
a = torch.tensor([[1, 2], [3, 4]])
b = torch.tensor([0.5, 2.], dtype=torch.float64, requires_grad=True)
out = cf(a, b, 3)
print(out.dtype, out.requires_grad)
print(out.detach())
print(torch.equal(out, f(a, b, 3)))
