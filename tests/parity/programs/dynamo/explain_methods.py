import torch
import torch.nn.functional as F
import torch._dynamo
# explain() counts only call_function nodes: tensor methods (call_method) are not ops.

def funcs(x):
    a = torch.abs(x)
    b = torch.add(a, 1)
    c = F.relu(b - 2)
    return torch.mul(c, 3)

def methods(x):
    a = x.abs()
    b = a.add(1)
    c = (b - 2).relu()
    return c.mul(3)

x = torch.tensor([-3., 1., 2.5])
for fn in [funcs, methods]:
    e = torch._dynamo.explain(fn)(x)
    print(fn.__name__, "graphs", e.graph_count, "ops", e.op_count)
    print(" ops", [getattr(t, "__name__", str(t)) for t in e.ops_per_graph[0]])
    g = e.graphs[0]
    print(" node ops", [n.op for n in g.graph.nodes])
    print(" methods", [n.target for n in g.graph.nodes if n.op == "call_method"])
print(torch.equal(funcs(x), methods(x)))
cf = torch.compile(funcs, backend="eager")
cm = torch.compile(methods, backend="eager")
print(cf(x), torch.equal(cf(x), funcs(x)))
print(cm(x), torch.equal(cm(x), methods(x)))
