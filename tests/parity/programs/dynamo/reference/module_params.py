import torch
import torch._dynamo
# Reference printout for the Kiln implementer (not a parity test): run through make_reference.sh.

from _common import capture, graphs, show_explain

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
