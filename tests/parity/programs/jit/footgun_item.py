import torch
import warnings
# .item() normalisation: traced freezes the number, scripted computes it on every call.

def normalise(x):
    total = x.sum().item()
    return x / total

a = torch.tensor([1., 3.])
b = torch.tensor([2., 2., 4.])
with warnings.catch_warnings(record=True) as ws:
    warnings.simplefilter("always")
    tf = torch.jit.trace(normalise, a)
n = 0
for w in ws:
    if w.category.__name__ == "TracerWarning":
        n += 1
print("tracer warnings:", n)
sf = torch.jit.script(normalise)
for x in [a, b]:
    print("eager ", normalise(x))
    print("traced", tf(x))
    print("script", sf(x))
print(type(sf(a)).__name__)
