import torch
import torch.nn as nn
# A traced module: parameters are read with prim::GetAttr from self.


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 2)
        self.scale = nn.Parameter(torch.tensor([2.0, 0.5]))

    def forward(self, x):
        return torch.relu(self.fc(x)) * self.scale


def show(g):
    for line in str(g).split("\n"):
        i = line.find(" # ")
        print(line if i < 0 else line[:i])


m = Net()
with torch.no_grad():
    m.fc.weight.copy_(torch.arange(6.0).reshape(2, 3) / 4)
    m.fc.bias.copy_(torch.tensor([0.5, -1.0]))
x = torch.tensor([[1.0, 2.0, 3.0], [-1.0, 0.0, 1.0]])
tm = torch.jit.trace(m, x)
show(tm.inlined_graph)
print(tm(x))
print(tm(x * 2))
