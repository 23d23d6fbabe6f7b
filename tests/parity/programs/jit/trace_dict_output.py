import torch
import warnings
# Returning a dict from a traced function: RuntimeError with strict=True, allowed with strict=False.

def f(x):
    return {"double": x * 2, "neg": -x}

x = torch.tensor([1., 2.])
with warnings.catch_warnings(record=True) as ws:
    warnings.simplefilter("always")
    try:
        tf = torch.jit.trace(f, x)
        print("traced")
    except RuntimeError as e:
        print(type(e).__name__)
        print(str(e).strip().split("\n")[0])
    tf2 = torch.jit.trace(f, x, strict=False)
n = 0
for w in ws:
    if w.category.__name__ == "TracerWarning":
        n += 1
print("tracer warnings:", n)
out = tf2(torch.tensor([0.5, -3.]))
print(type(out).__name__)
print(sorted(out.keys()))
print(out["double"], out["neg"])
