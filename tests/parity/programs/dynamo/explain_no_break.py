import torch
import torch._dynamo
# explain() on a function without graph breaks: one graph, no break, ops = call_function nodes.

def f(x, y):
    a = x + y
    b = torch.relu(a)
    c = b * 2
    d = torch.abs(c - 3)
    return d / 2

x = torch.tensor([1., -2., 3.])
y = torch.tensor([0.5, 0.5, -4.])
e = torch._dynamo.explain(f)(x, y)
print("type", type(e).__name__)
print("graph_count", e.graph_count)
print("graph_break_count", e.graph_break_count)
print("op_count", e.op_count)
print("break_reasons", len(e.break_reasons))
print("graphs", len(e.graphs), type(e.graphs[0]).__name__)
print("ops", [[getattr(t, "__name__", str(t)) for t in ops] for ops in e.ops_per_graph])
print("nodes", [n.op for n in e.graphs[0].graph.nodes])
print("eager", f(x, y))
cf = torch.compile(f, backend="eager")
print("compiled", cf(x, y))
print("equal", torch.equal(cf(x, y), f(x, y)))
