import torch
import warnings
# check_trace=True (default) re-traces the function, so every TracerWarning is recorded twice.

def count(ws):
    n = 0
    for w in ws:
        if w.category.__name__ == "TracerWarning":
            n += 1
    return n

def f(x):
    if x.max() > 1:
        x = x - 1
    return x * x.sum().item()

x = torch.tensor([2., 1.])
for check in [True, False]:
    with warnings.catch_warnings(record=True) as ws:
        warnings.simplefilter("always")
        tf = torch.jit.trace(f, x, check_trace=check)
    print("check_trace", check, "->", count(ws), "tracer warnings")
    print(tf(x))
with warnings.catch_warnings(record=True) as ws:
    warnings.simplefilter("always")
    tf = torch.jit.trace(f, x)
msgs = []
for w in ws:
    if w.category.__name__ == "TracerWarning":
        msgs.append(" ".join(str(w.message).split()[:6]))
print(msgs)
