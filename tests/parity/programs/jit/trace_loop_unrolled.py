import torch
import warnings
# A Python loop over range(x.size(0)) is unrolled: the trip count is frozen.

def report(ws):
    n = 0
    for w in ws:
        if w.category.__name__ == "TracerWarning":
            n += 1
            print(" ", w.category.__name__, "|", " ".join(str(w.message).split()[:8]))
    print("tracer warnings:", n)

def count_kind(g, kind):
    c = 0
    for n in g.nodes():
        if n.kind() == kind:
            c += 1
    return c

def f(x):
    acc = x[0]
    for i in range(1, x.size(0)):
        acc = acc + x[i]
    return acc

x = torch.arange(8).float().reshape(4, 2)
with warnings.catch_warnings(record=True) as ws:
    warnings.simplefilter("always")
    tf = torch.jit.trace(f, x, check_trace=False)
report(ws)
print("adds:", count_kind(tf.graph, "aten::add"))
print("loops:", count_kind(tf.graph, "prim::Loop"))
print(tf(x), f(x))
y = torch.ones(6, 2)
print("6 rows traced:", tf(y), "eager:", f(y))
try:
    print(tf(torch.ones(2, 2)))
except Exception as e:
    print("2 rows:", type(e).__name__, "out of range" in str(e))
