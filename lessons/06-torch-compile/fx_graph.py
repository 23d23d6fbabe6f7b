import torch

# The FX graph: placeholders for inputs, call_function / call_method nodes for ops,
# an output node. Node names follow your variable names.
def show(gm, example_inputs):
    for n in gm.graph.nodes:
        target = ""
        if n.op == "call_function":
            target = n.target.__name__
        elif n.op in ("call_method", "placeholder"):
            target = str(n.target)
        print(f"{n.op:14} {n.name:8} {target}")
    return gm.forward

def f(x, w):
    h = torch.matmul(x, w)
    h = h.relu()
    return torch.softmax(h, dim=-1)

x = torch.tensor([[1.0, 2.0], [3.0, -4.0]])
w = torch.tensor([[0.5, -0.5], [0.25, 1.0]])
out = torch.compile(f, backend=show)(x, w)
print(torch.allclose(out, f(x, w)))
