import torch
import torch._dynamo
# explain() on .item(): the scalar leaves the graph, so the function splits in two.

def f(x):
    s = x.sum().item()
    y = x * s
    return torch.relu(y - 4)

x = torch.tensor([1., 2., -1.])
e = torch._dynamo.explain(f)(x)
print("graph_count", e.graph_count)
print("graph_break_count", e.graph_break_count)
print("op_count", e.op_count)
print("ops", [[getattr(t, "__name__", str(t)) for t in ops] for ops in e.ops_per_graph])
print("reasons", [r.reason.split("\n")[0] for r in e.break_reasons])
print("item in reason", ["item" in r.reason for r in e.break_reasons])
print("lines", [r.user_stack[-1].lineno for r in e.break_reasons])
cf = torch.compile(f, backend="eager")
out = cf(x)
print("compiled", out)
print("equal", torch.equal(out, f(x)))
