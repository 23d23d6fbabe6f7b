import torch
import warnings
# torch.tensor(...) inside traced code: TracerWarning, the tensor becomes a constant.

def report(ws):
    n = 0
    for w in ws:
        if w.category.__name__ == "TracerWarning":
            n += 1
            print(" ", w.category.__name__, "|", " ".join(str(w.message).split()[:8]))
    print("tracer warnings:", n)

def f(x):
    return x + torch.tensor([1., 2.])

def g(x):
    m = torch.tensor(x.tolist())
    return m * 2

x = torch.tensor([1., 1.])
with warnings.catch_warnings(record=True) as ws:
    warnings.simplefilter("always")
    tf = torch.jit.trace(f, x, check_trace=False)
report(ws)
print(tf(torch.tensor([5., 6.])))
with warnings.catch_warnings(record=True) as ws:
    warnings.simplefilter("always")
    tg = torch.jit.trace(g, x, check_trace=False)
report(ws)
print(tg(torch.tensor([5., 6.])), g(torch.tensor([5., 6.])))
