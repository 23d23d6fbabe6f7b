import torch

# The autocast state is part of what a compiled graph assumes: it is guarded.
# Calling the same compiled function inside and outside an autocast region
# compiles it twice; after that, both cases hit their cached graph.
graphs = []

def counting(gm, example_inputs):
    graphs.append(1)
    return gm.forward

@torch.compile(backend=counting)
def f(x, w):
    return torch.relu(x @ w)

x = torch.linspace(-1, 1, 32).reshape(4, 8)
w = torch.linspace(0, 1, 24).reshape(8, 3)
print("plain:", f(x, w).dtype, "graphs", len(graphs))
with torch.autocast("cpu", dtype=torch.bfloat16):
    print("autocast:", f(x, w).dtype, "graphs", len(graphs))
print("plain again:", f(x, w).dtype, "graphs", len(graphs))
with torch.autocast("cpu", dtype=torch.bfloat16):
    print("autocast again:", f(x, w).dtype, "graphs", len(graphs))
