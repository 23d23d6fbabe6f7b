import torch
import torch._dynamo
# A graph break inside a for loop: what explain() reports for the frame.

def f(x):
    for i in range(3):
        x = x + 1
        print("step", i)
    return x * 2

def g(x):
    for i in range(3):
        x = x + 1
    print("after loop")
    return x * 2

x = torch.tensor([1., 2.])
for fn in [f, g]:
    e = torch._dynamo.explain(fn)(x)
    print(fn.__name__, "graph_count", e.graph_count)
    print(fn.__name__, "graph_break_count", e.graph_break_count)
    print(fn.__name__, "op_count", e.op_count)
    print(fn.__name__, "reasons", [r.reason.split("\n")[0] for r in e.break_reasons])
    print(fn.__name__, "lines", [r.user_stack[-1].lineno for r in e.break_reasons])
    cfn = torch.compile(fn, backend="eager")
    out = cfn(x)
    print(fn.__name__, "compiled", out, torch.equal(out, fn(x)))
