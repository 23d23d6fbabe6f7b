import torch
import torch.nn as nn
import torch._dynamo
# explain() on an nn.Module: Linear and ReLU are inlined into one graph.

model = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
with torch.no_grad():
    model[0].weight.copy_(torch.tensor([[1., 0.], [0., 1.], [1., -1.]]))
    model[0].bias.copy_(torch.tensor([0., -1., 0.5]))
    model[2].weight.copy_(torch.tensor([[1., 2., -1.]]))
    model[2].bias.copy_(torch.tensor([0.25]))
x = torch.tensor([[1., 2.], [3., -1.]])
with torch.no_grad():
    e = torch._dynamo.explain(model)(x)
    print("graph_count", e.graph_count)
    print("graph_break_count", e.graph_break_count)
    print("op_count", e.op_count)
    print("ops", [[getattr(t, "__name__", str(t)) for t in ops] for ops in e.ops_per_graph])
    g = e.graphs[0]
    print("placeholders", len([n for n in g.graph.nodes if n.op == "placeholder"]))
    print("eager", model(x))
    cm = torch.compile(model, backend="eager")
    out = cm(x)
    print("compiled", out)
    print("equal", torch.equal(out, model(x)))
