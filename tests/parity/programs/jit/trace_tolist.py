import torch
import warnings
# x.tolist() while tracing: TracerWarning, the Python list values become constants.

def report(ws):
    n = 0
    for w in ws:
        if w.category.__name__ == "TracerWarning":
            n += 1
            print(" ", w.category.__name__, "|", " ".join(str(w.message).split()[:8]))
    print("tracer warnings:", n)

def f(x):
    vals = x.tolist()
    return x * vals[0] + vals[-1]

x = torch.tensor([2., 0.5, 1.])
with warnings.catch_warnings(record=True) as ws:
    warnings.simplefilter("always")
    tf = torch.jit.trace(f, x, check_trace=False)
report(ws)
print(tf(x), f(x))
y = torch.tensor([1., 3., 0.])
print("traced:", tf(y))
print("eager: ", f(y))
