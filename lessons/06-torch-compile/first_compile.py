import torch

# torch.compile wraps a function. Nothing is captured until the first call: then
# Dynamo reads the function's bytecode, builds an FX graph of its tensor ops and
# hands it to a backend, which returns something to run instead.
calls = []

def backend(gm, example_inputs):
    calls.append(gm)
    print("backend called with", len(example_inputs), "inputs")
    return gm.forward

def f(x, y):
    a = x + y
    b = a * a
    return b.sum()

cf = torch.compile(f, backend=backend)
print("compiled yet?", len(calls))
x = torch.tensor([1.0, 2.0])
y = torch.tensor([3.0, 4.0])
print(cf(x, y))
print("graphs:", len(calls))
print(cf(x, y))           # same kinds of inputs: the cached graph runs, no backend call
print("graphs:", len(calls))
print(torch.equal(cf(x, y), f(x, y)))
