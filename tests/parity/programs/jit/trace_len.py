import torch
import warnings
# len(x) in a traced function is a constant (with a TracerWarning), unlike x.shape[0].

def report(ws):
    n = 0
    for w in ws:
        if w.category.__name__ == "TracerWarning":
            n += 1
            print(" ", w.category.__name__, "|", " ".join(str(w.message).split()[:8]))
    print("tracer warnings:", n)

def mean_len(x):
    return x.sum(0) / len(x)

def mean_shape(x):
    return x.sum(0) / x.shape[0]

x = torch.arange(8).float().reshape(4, 2)
with warnings.catch_warnings(record=True) as ws:
    warnings.simplefilter("always")
    t1 = torch.jit.trace(mean_len, x)
report(ws)
with warnings.catch_warnings(record=True) as ws:
    warnings.simplefilter("always")
    t2 = torch.jit.trace(mean_shape, x)
report(ws)
print(t1(x), t2(x))
y = torch.arange(4).float().reshape(2, 2)
print("len traced:  ", t1(y))
print("shape traced:", t2(y))
print("eager:       ", mean_len(y))
