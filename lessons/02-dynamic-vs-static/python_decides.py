import torch

# In eager mode Python itself is the program: ops interleave with Python work that
# a compiler never sees in a recorded graph of tensor ops.
def step(x, scale):
    for i in range(3):
        if i % 2 == 0:
            x = x * scale
        else:
            x = x + i
    return x

x = torch.ones(3)
print(step(x, 2.0))
print(step(x, 0.5))

# Both runs did 3 Python loop iterations, 3 ifs and 3 tensor ops each time. Only
# the tensor ops are the model's work; a static graph keeps just those.
calls = []
def counting(gm, example_inputs):
    ops = [n.target.__name__ for n in gm.graph.nodes if n.op == "call_function"]
    calls.append(ops)
    return gm.forward

cs = torch.compile(step, backend=counting)
print(cs(x, 2.0))
print("graph ops:", calls[0])
