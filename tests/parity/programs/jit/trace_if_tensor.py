import torch
import warnings
# Python `if` on tensor data while tracing: TracerWarning, the taken branch is frozen into the trace.

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
    if x.sum() > 0:
        return x * 2
    return -x

pos = torch.tensor([1., 2., 3.])
neg = torch.tensor([-1., -2., 0.5])
with warnings.catch_warnings(record=True) as ws:
    warnings.simplefilter("always")
    tf = torch.jit.trace(f, pos)
report(ws)
print(kinds(tf.graph))
print("pos traced:", tf(pos))
print("pos eager: ", f(pos))
print("neg traced:", tf(neg))
print("neg eager: ", f(neg))
print("same on neg:", torch.equal(tf(neg), f(neg)))
