import torch
import warnings
# .item() inside a traced function: TracerWarning about a Python number; the value is baked in.

def report(ws):
    n = 0
    for w in ws:
        if w.category.__name__ == "TracerWarning":
            n += 1
            print(" ", w.category.__name__, "|", " ".join(str(w.message).split()[:8]))
    print("tracer warnings:", n)

def f(x):
    s = x.sum().item()
    return x * s

x = torch.tensor([1., 1., 2.])
with warnings.catch_warnings(record=True) as ws:
    warnings.simplefilter("always")
    tf = torch.jit.trace(f, x, check_trace=False)
report(ws)
print(tf(x))
y = torch.tensor([0.5, 0.5, 0.])
print("traced:", tf(y))
print("eager: ", f(y))
print(torch.equal(tf(y), f(y)))
