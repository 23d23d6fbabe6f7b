import torch
import torch.nn as nn
# torch.compile(module) returns an OptimizedModule wrapper around the original module.

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 1)

    def forward(self, x):
        return self.lin(x) * 2

m = Net()
with torch.no_grad():
    m.lin.weight.copy_(torch.tensor([[1., -2.]]))
    m.lin.bias.copy_(torch.tensor([0.5]))
cm = torch.compile(m, backend="eager")
print(type(cm).__name__)
print(type(cm._orig_mod).__name__, cm._orig_mod is m)
print(isinstance(cm, nn.Module), isinstance(cm, Net))
print(cm.lin is m.lin, cm.training)
print(list(cm.state_dict().keys()))
print([name for name, p in cm.named_parameters()])
print(cm.lin.weight is m.lin.weight)
x = torch.tensor([[1., 1.], [2., 0.5]])
with torch.no_grad():
    out = cm(x)
    print(out, torch.equal(out, m(x)))
    out = cm.forward(x)
    print("forward", out, torch.equal(out, m(x)))
cm.eval()
print(cm.training, m.training)
