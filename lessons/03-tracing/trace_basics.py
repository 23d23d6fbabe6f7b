import torch
import warnings

# torch.jit.trace runs the function once on example inputs and records every tensor
# op it executes. The recording is a static graph that runs without Python.
def f(x, y):
    return (x * y).relu() + y

x = torch.tensor([1.0, -2.0, 3.0])
y = torch.tensor([0.5, 0.5, -1.0])
with warnings.catch_warnings(record=True):
    warnings.simplefilter("always")
    tf = torch.jit.trace(f, (x, y))
print(type(tf).__name__)
kinds = []
for n in tf.graph.nodes():
    if n.kind() not in kinds:
        kinds.append(n.kind())
print(sorted(kinds))

# The recording replays on new values of the same kind.
x2 = torch.tensor([-1.0, 4.0, 0.5])
print(tf(x2, y))
print(torch.equal(tf(x2, y), f(x2, y)))
