import torch
import torch._dynamo
# A call to a torch.compiler.disable'd function breaks the graph; the function runs eagerly.

@torch.compiler.disable
def helper(x):
    print("helper compiling?", torch.compiler.is_compiling())
    return x * 3

def f(x):
    a = x + 1
    b = helper(a)
    return b - 1

x = torch.tensor([1., 2.])
e = torch._dynamo.explain(f)(x)
print("graph_count", e.graph_count)
print("graph_break_count", e.graph_break_count)
print("op_count", e.op_count)
print("reasons", [r.reason.split("\n")[0] for r in e.break_reasons])
print("disable in reason", ["disable" in r.reason for r in e.break_reasons])
print("lines", [r.user_stack[-1].lineno for r in e.break_reasons])
cf = torch.compile(f, backend="eager")
out = cf(x)
print("compiled", out)
print("equal", torch.equal(out, f(x)))
