import torch
import warnings
# int(tensor) and float(tensor) inside a traced function: warnings and frozen values.

def report(ws):
    n = 0
    for w in ws:
        if w.category.__name__ == "TracerWarning":
            n += 1
            print(" ", w.category.__name__, "|", " ".join(str(w.message).split()[:8]))
    print("tracer warnings:", n)

def f_int(x):
    k = int(x.sum())
    return x + k

def f_float(x):
    m = float(x.max())
    return x / m

x = torch.tensor([1., 2., 1.])
y = torch.tensor([4., 0., 2.])
with warnings.catch_warnings(record=True) as ws:
    warnings.simplefilter("always")
    ti = torch.jit.trace(f_int, x, check_trace=False)
report(ws)
print(ti(x), f_int(x))
print(ti(y), f_int(y))
with warnings.catch_warnings(record=True) as ws:
    warnings.simplefilter("always")
    tfl = torch.jit.trace(f_float, x, check_trace=False)
report(ws)
print(tfl(x), f_float(x))
print(tfl(y), f_float(y))
