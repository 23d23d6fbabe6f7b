import torch
import warnings
# x.shape[0] / x.size(0) used in view/reshape are traced (aten::size), so new shapes work.

def report(ws):
    n = 0
    for w in ws:
        if w.category.__name__ == "TracerWarning":
            n += 1
            print(" ", w.category.__name__, "|", " ".join(str(w.message).split()[:8]))
    print("tracer warnings:", n)

def kinds(g):
    out = []
    for n in g.nodes():
        k = n.kind()
        if k not in out:
            out.append(k)
    return sorted(out)

def f(x):
    return x.view(x.size(0), -1).sum(1)

def g(x):
    return x.reshape(x.shape[0] * 2, -1)

x = torch.arange(8).float().reshape(2, 2, 2)
with warnings.catch_warnings(record=True) as ws:
    warnings.simplefilter("always")
    tf = torch.jit.trace(f, x)
    tg = torch.jit.trace(g, x)
report(ws)
print(kinds(tf.graph))
print(kinds(tg.graph))
print(tf(x))
x2 = torch.arange(12).float().reshape(3, 4)
print(tf(x2), f(x2))
print(tg(x2).shape, g(x2).shape)
print(tg(x2))
