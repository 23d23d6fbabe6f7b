import torch
import warnings
# A loop count that is a plain Python int (closure) is unrolled with that count; no warning.

def report(ws):
    n = 0
    for w in ws:
        if w.category.__name__ == "TracerWarning":
            n += 1
    print("tracer warnings:", n)

def count_kind(g, kind):
    c = 0
    for n in g.nodes():
        if n.kind() == kind:
            c += 1
    return c

def make(steps):
    def f(x):
        for _ in range(steps):
            x = x * 2
        return x
    return f

x = torch.tensor([1., 0.5])
for steps in [0, 1, 3]:
    with warnings.catch_warnings(record=True) as ws:
        warnings.simplefilter("always")
        tf = torch.jit.trace(make(steps), x)
    report(ws)
    print(steps, "muls:", count_kind(tf.graph, "aten::mul"), tf(x), tf(torch.tensor([0.25])))
