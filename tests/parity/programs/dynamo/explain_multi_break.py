import torch
import torch._dynamo
# explain() on one function with three breaks: print, graph_break(), a data-dependent if.

def f(x):
    a = x + 1
    print("one")
    b = a * 2
    torch._dynamo.graph_break()
    c = b - 3
    if c.sum() > 0:
        return c * 10
    return c * -10

def report(e):
    print("graph_count", e.graph_count)
    print("graph_break_count", e.graph_break_count)
    print("op_count", e.op_count)
    print("ops", [[getattr(t, "__name__", str(t)) for t in ops] for ops in e.ops_per_graph])
    print("reasons", [r.reason.split("\n")[0] for r in e.break_reasons])
    print("lines", [r.user_stack[-1].lineno for r in e.break_reasons])
    print("frames", [r.user_stack[-1].name for r in e.break_reasons])

x = torch.tensor([1., 2.])
report(torch._dynamo.explain(f)(x))
y = torch.tensor([-3., -4.])
report(torch._dynamo.explain(f)(y))
cf = torch.compile(f, backend="eager")
for t in [x, y, x]:
    out = cf(t)
    print("compiled", out, torch.equal(out, f(t)))
