import torch

# Guards cover more than shapes: dtype, requires_grad, Python values the code
# used as constants, globals it read.
calls = []

def counting(gm, example_inputs):
    calls.append(1)
    return gm.forward

def scale(x, k):
    return x * k

cs = torch.compile(scale, backend=counting)
x = torch.ones(2)
cs(x, 2)
print("k=2:", len(calls))
cs(x, 2)
print("k=2 again:", len(calls))      # hit
cs(x, 3)
print("k=3:", len(calls))            # the int was a constant of the graph: recompile
cs(x.double(), 3)
print("float64:", len(calls))        # dtype guard: recompile
cs(torch.ones(2, requires_grad=True), 3)
print("requires_grad:", len(calls))  # requires_grad guard: recompile
