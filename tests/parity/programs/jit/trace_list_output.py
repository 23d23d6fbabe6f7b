import torch
import warnings
# Returning a list from a traced function: TracerWarning (strict=True) or silence (strict=False).

def report(ws):
    n = 0
    for w in ws:
        if w.category.__name__ == "TracerWarning":
            n += 1
            print(" ", w.category.__name__, "|", " ".join(str(w.message).split()[:8]))
    print("tracer warnings:", n)

def f(x):
    return [x + 1, x * 2]

x = torch.tensor([1., 2.])
with warnings.catch_warnings(record=True) as ws:
    warnings.simplefilter("always")
    tf = torch.jit.trace(f, x)
report(ws)
out = tf(torch.tensor([3., 4.]))
print(type(out).__name__, len(out))
print(out[0], out[1])
with warnings.catch_warnings(record=True) as ws:
    warnings.simplefilter("always")
    tf2 = torch.jit.trace(f, x, strict=False)
report(ws)
print(tf2(x))
