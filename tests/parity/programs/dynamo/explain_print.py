import torch
import torch._dynamo
# explain() on a function with one print(): two graphs around the break, one break reason.

def f(x):
    a = x * 2
    print("inside f", a)
    b = a + 1
    return b.relu() - 1

x = torch.tensor([1., -2., 3.])
e = torch._dynamo.explain(f)(x)
print("graph_count", e.graph_count)
print("graph_break_count", e.graph_break_count)
print("op_count", e.op_count)
print("ops", [[getattr(t, "__name__", str(t)) for t in ops] for ops in e.ops_per_graph])
print("reasons", len(e.break_reasons))
for r in e.break_reasons:
    print(" first line:", r.reason.split("\n")[0])
    print(" builtin in reason:", "builtin" in r.reason)
    print(" user line:", r.user_stack[-1].lineno, r.user_stack[-1].name)
    print(" stack depth:", len(r.user_stack))
print("graph nodes", [len(g.graph.nodes) for g in e.graphs])
cf = torch.compile(f, backend="eager")
out = cf(x)
print("compiled", out)
print("equal", torch.equal(out, f(x)))
