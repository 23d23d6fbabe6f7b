import torch
import torch._dynamo
# capture_scalar_outputs=True keeps .item() inside the graph: no break any more.

def f(x):
    s = x.sum().item()
    return x * s + 1

x = torch.tensor([1., 2., -1.])
print("default", torch._dynamo.config.capture_scalar_outputs)
e = torch._dynamo.explain(f)(x)
print("off:", e.graph_count, e.graph_break_count, e.op_count)
torch._dynamo.config.capture_scalar_outputs = True
e = torch._dynamo.explain(f)(x)
print("on:", e.graph_count, e.graph_break_count, e.op_count)
print("ops", [[getattr(t, "__name__", str(t)) for t in ops] for ops in e.ops_per_graph])
print("node ops", [n.op for n in e.graphs[0].graph.nodes])
torch._dynamo.reset()
cf = torch.compile(f, backend="eager")
out = cf(x)
print("compiled", out, torch.equal(out, f(x)))
y = torch.tensor([3., 3.])
out = cf(y)
print("compiled", out, torch.equal(out, f(y)))
torch._dynamo.config.capture_scalar_outputs = False
print("restored", torch._dynamo.config.capture_scalar_outputs)
