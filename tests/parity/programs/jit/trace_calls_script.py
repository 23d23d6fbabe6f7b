import torch
import warnings
# Tracing a function that calls a scripted function keeps the scripted control flow.

def report(ws):
    n = 0
    for w in ws:
        if w.category.__name__ == "TracerWarning":
            n += 1
    print("tracer warnings:", n)

@torch.jit.script
def scripted_abs(x):
    if x.sum() >= 0:
        return x
    return -x

def plain_abs(x):
    if x.sum() >= 0:
        return x
    return -x

def f1(x):
    return scripted_abs(x) + 1

def f2(x):
    return plain_abs(x) + 1

pos = torch.tensor([1., 2.])
neg = torch.tensor([-3., 0.5])
with warnings.catch_warnings(record=True) as ws:
    warnings.simplefilter("always")
    t1 = torch.jit.trace(f1, pos)
report(ws)
with warnings.catch_warnings(record=True) as ws:
    warnings.simplefilter("always")
    t2 = torch.jit.trace(f2, pos)
report(ws)
print("prim::CallFunction" in str(t1.graph), "prim::CallFunction" in str(t2.graph))
print("scripted callee:", t1(pos), t1(neg))
print("plain callee:   ", t2(pos), t2(neg))
print("eager:          ", f1(neg), f2(neg))
