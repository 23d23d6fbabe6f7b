import torch
import warnings
# Iterating over a tensor while tracing: TracerWarning, the number of iterations is frozen.

def report(ws):
    n = 0
    for w in ws:
        if w.category.__name__ == "TracerWarning":
            n += 1
            print(" ", w.category.__name__, "|", " ".join(str(w.message).split()[:8]))
    print("tracer warnings:", n)

def f(x):
    out = torch.zeros(2)
    for row in x:
        out = out + row * row
    return out

x = torch.tensor([[1., 2.], [3., 4.]])
with warnings.catch_warnings(record=True) as ws:
    warnings.simplefilter("always")
    tf = torch.jit.trace(f, x, check_trace=False)
report(ws)
print(tf(x), f(x))
y = torch.tensor([[0.5, 1.], [2., 0.]])
print("2 rows traced:", tf(y), "eager:", f(y))
z = torch.ones(3, 2)
print("3 rows eager:", f(z))
try:
    print("3 rows traced:", tf(z))
except Exception as e:
    print("3 rows traced:", type(e).__name__)
    print("Expected 2 elements" in str(e))
