import torch
import torch._dynamo
# Reference printout for the Kiln implementer (not a parity test): run through make_reference.sh.

graphs = []

def capture(gm, example_inputs):
    graphs.append(gm)
    n = len(graphs)
    print("==== backend call", n, "example inputs:", [type(a).__name__ for a in example_inputs])
    if n > 1:
        return gm.forward
    print("---- gm.code (first backend call only; TORCH_LOGS graph_code shows every graph)")
    print(gm.code)
    print("---- gm.graph (first backend call only)")
    print(gm.graph)
    try:
        import tabulate
        print("---- gm.graph.print_tabular()")
        gm.graph.print_tabular()
    except ImportError:
        print("---- (tabulate not installed: no print_tabular)")
    return gm.forward

def show_explain(e):
    s = str(e)
    i = s.find("Out Guards:")
    j = s.find("Compile Times:")
    print("==== str(explain output), up to Out Guards:")
    print(s[:i])
    print("==== Out Guards: %d guards; the first two as str(explain) prints them:" % len(e.out_guards))
    print("\n".join(s[i:j].split("\n")[:19]))
    print("==== Compile Times (first line):", s[j:].split("\n")[0])

import torch.nn as nn

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 2)
        self.out = nn.Linear(2, 1)
        self.use_relu = True

    def forward(self, x):
        h = self.lin(x)
        if self.use_relu:
            h = torch.relu(h)
        return self.out(h)

m = Net()
with torch.no_grad():
    m.lin.weight.copy_(torch.tensor([[1., -1.], [2., 0.5]]))
    m.lin.bias.copy_(torch.tensor([0.5, -4.]))
    m.out.weight.copy_(torch.tensor([[1., 1.]]))
    m.out.bias.copy_(torch.tensor([0.]))
cm = torch.compile(m, backend=capture)
x = torch.tensor([[1., 2.]])
print(cm(x))
m.use_relu = False
print(cm(x))
m.eval()
print(cm(x))
