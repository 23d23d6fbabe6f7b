import torch
import warnings
# Python globals read by traced code are frozen at trace time.

def report(ws):
    n = 0
    for w in ws:
        if w.category.__name__ == "TracerWarning":
            n += 1
    print("tracer warnings:", n)

SCALE = 2.0
OFFSET = torch.tensor([1., 2.])

def f(x):
    return x * SCALE + OFFSET

x = torch.tensor([1., 1.])
with warnings.catch_warnings(record=True) as ws:
    warnings.simplefilter("always")
    tf = torch.jit.trace(f, x)
report(ws)
print(tf(x), f(x))
SCALE = 10.0
print("after SCALE=10: traced", tf(x), "eager", f(x))
OFFSET = torch.tensor([100., 200.])
print("after OFFSET rebind: traced", tf(x), "eager", f(x))
