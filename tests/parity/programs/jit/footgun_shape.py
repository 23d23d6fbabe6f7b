import torch
import warnings
# Shape-dependent Python logic: traced freezes len()/shape comparisons, scripted stays general.

def report(ws):
    n = 0
    for w in ws:
        if w.category.__name__ == "TracerWarning":
            n += 1
            print(" ", w.category.__name__, "|", " ".join(str(w.message).split()[:8]))
    print("tracer warnings:", n)

def f(x):
    if x.shape[0] > 2:
        x = x[:2]
    return x + torch.ones(len(x))

a = torch.tensor([1., 2., 3., 4.])
b = torch.tensor([5.])
with warnings.catch_warnings(record=True) as ws:
    warnings.simplefilter("always")
    tf = torch.jit.trace(f, a, check_trace=False)
report(ws)
sf = torch.jit.script(f)
print("a eager ", f(a), "traced", tf(a), "script", sf(a))
print("b eager ", f(b), "script", sf(b))
try:
    print("b traced", tf(b))
except Exception as e:
    print("b traced", type(e).__name__)
c = torch.tensor([1., 1.])
print("c eager ", f(c), "script", sf(c))
try:
    print("c traced", tf(c))
except Exception as e:
    print("c traced", type(e).__name__)
