import torch
import torch.nn as nn
# A compiled nn.Sequential: the graph's placeholders and functions for each layer.

calls = []

def capture(gm, example_inputs):
    calls.append(gm)
    return gm.forward

model = nn.Sequential(nn.Linear(3, 2), nn.ReLU(), nn.Linear(2, 1), nn.LeakyReLU(0.5))
with torch.no_grad():
    model[0].weight.copy_(torch.tensor([[1., 0., -1.], [0.5, 0.5, 0.]]))
    model[0].bias.copy_(torch.tensor([0., 1.]))
    model[2].weight.copy_(torch.tensor([[2., -1.]]))
    model[2].bias.copy_(torch.tensor([0.]))
cm = torch.compile(model, backend=capture)
x = torch.tensor([[1., 2., 1.], [0., 0., 0.]])
with torch.no_grad():
    out = cm(x)
    print(out, torch.equal(out, model(x)))
print("graphs", len(calls))
gm = calls[0]
for n in gm.graph.nodes:
    if n.op == "placeholder":
        print(" placeholder", n.name, n.target)
    elif n.op == "call_function":
        print(" call_function", n.name, getattr(n.target, "__name__", "?"), n.args)
    else:
        print(" ", n.op, n.name)
