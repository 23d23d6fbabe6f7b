import torch
import warnings
# torch.jit.trace of a pure tensor function: type, node kinds, outputs on new values and shapes.

def kinds(g):
    out = []
    for n in g.nodes():
        k = n.kind()
        if k not in out:
            out.append(k)
    return sorted(out)

def f(x):
    y = x * 2 + 1
    return torch.relu(y - 3)

x = torch.tensor([0., 1., 2., 3.])
with warnings.catch_warnings(record=True) as ws:
    warnings.simplefilter("always")
    tf = torch.jit.trace(f, x)
n = 0
for w in ws:
    if w.category.__name__ == "TracerWarning":
        n += 1
print("tracer warnings:", n)
print(type(tf).__name__)
print(kinds(tf.graph))
print(tf(x))
print(f(x))
x2 = torch.tensor([[5., -1.], [0.5, 1.5]])
print(tf(x2))
print(torch.equal(tf(x2), f(x2)))
x3 = torch.arange(6).float().reshape(3, 2)
print(tf(x3))
print(tf(x3).shape)
print(callable(tf))
