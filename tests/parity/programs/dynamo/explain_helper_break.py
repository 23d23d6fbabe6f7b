import torch
import torch._dynamo
# A break inside an inlined helper: the caller breaks at the call, the helper is its own frame.

def helper(x):
    y = x - 1
    print("in helper")
    return y * 5

def f(x):
    a = x * 2
    b = helper(a)
    return b + 3

x = torch.tensor([1., 2.])
e = torch._dynamo.explain(f)(x)
print("graph_count", e.graph_count)
print("graph_break_count", e.graph_break_count)
print("op_count", e.op_count)
print("ops", [[getattr(t, "__name__", str(t)) for t in ops] for ops in e.ops_per_graph])
print("reasons", [r.reason.split("\n")[0] for r in e.break_reasons])
print("stacks", [[fs.name for fs in r.user_stack] for r in e.break_reasons])
print("lines", [[fs.lineno for fs in r.user_stack] for r in e.break_reasons])
cf = torch.compile(f, backend="eager")
out = cf(x)
print("compiled", out)
print("equal", torch.equal(out, f(x)))
