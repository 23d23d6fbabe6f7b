import torch

# A backend is just a function: it receives the captured FX GraphModule and
# example inputs, and returns something callable that will run instead of the
# Python code. Returning gm.forward runs the graph as it is.
def inspecting_backend(gm, example_inputs):
    print("backend called with", len(example_inputs), "example inputs")
    for a in example_inputs:
        print("  input", tuple(a.shape), a.dtype)
    ops = [n.op for n in gm.graph.nodes]
    print("  nodes:", ops)
    return gm.forward

def f(x, w):
    return torch.relu(x @ w) + 1

cf = torch.compile(f, backend=inspecting_backend)
x = torch.ones(2, 3)
w = torch.ones(3, 4)
print(torch.equal(cf(x, w), f(x, w)))
print(torch.equal(cf(x, w), f(x, w)))   # cached: the backend is not called again
