import torch

# Dynamo runs the Python parts of a function while it builds the graph: loops over
# Python values are unrolled, Python arithmetic is computed, and only tensor ops
# reach the graph.
ops = []

def backend(gm, example_inputs):
    ops.append([n.target.__name__ for n in gm.graph.nodes if n.op == "call_function"])
    return gm.forward

def f(x, scales):
    total = 0
    for s in scales:          # a Python list: unrolled
        total = total + s     # Python arithmetic: done while capturing
        x = x * s
    return x + total

x = torch.tensor([1.0, 2.0])
cf = torch.compile(f, backend=backend)
print(cf(x, [2, 3]))
print("ops:", ops[0])
print(torch.equal(cf(x, [2, 3]), f(x, [2, 3])))
