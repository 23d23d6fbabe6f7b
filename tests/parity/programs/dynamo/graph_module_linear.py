import torch
import torch.nn as nn
# A compiled module: parameters become placeholders named after their attribute path.

graphs = []

def capture(gm, example_inputs):
    graphs.append(gm)
    return gm.forward

def show(gm):
    for n in gm.graph.nodes:
        if n.op == "call_function":
            print(" ", n.op, n.name, getattr(n.target, "__name__", "?"), n.args, n.kwargs)
        elif n.op == "call_method":
            print(" ", n.op, n.name, n.target, n.args, n.kwargs)
        else:
            print(" ", n.op, n.name, n.target, n.args)

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 2)
        self.act = nn.ReLU()

    def forward(self, x):
        return self.act(self.lin(x)) + 1

m = Net()
with torch.no_grad():
    m.lin.weight.copy_(torch.tensor([[1., -1.], [2., 0.5]]))
    m.lin.bias.copy_(torch.tensor([0.5, -4.]))
cm = torch.compile(m, backend=capture)
x = torch.tensor([[1., 2.], [3., 1.]])
with torch.no_grad():
    out = cm(x)
    print(out, torch.equal(out, m(x)))
print("graphs", len(graphs))
show(graphs[0])
