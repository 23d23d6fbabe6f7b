import torch
import torch.nn as nn
# module.compile() compiles in place: the object keeps its class, calls go through Dynamo.

calls = []

def counting(gm, example_inputs):
    calls.append([n.name for n in gm.graph.nodes if n.op == "placeholder"])
    return gm.forward

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 2)

    def forward(self, x):
        return torch.relu(self.lin(x))

m = Net()
with torch.no_grad():
    m.lin.weight.copy_(torch.tensor([[1., 0.], [-1., 1.]]))
    m.lin.bias.copy_(torch.tensor([0., 0.5]))
x = torch.tensor([[2., 1.], [1., 3.]])
with torch.no_grad():
    ref = m(x)
    print("before compile", ref, "compiles", len(calls))
    r = m.compile(backend=counting)
    print("returns", r)
    print(type(m).__name__)
    out = m(x)
    print("after compile", out, torch.equal(out, ref), "compiles", len(calls))
    out = m(x)
    print("again", "compiles", len(calls))
    print(list(m.state_dict().keys()))
for c in calls:
    print("placeholders", c)
