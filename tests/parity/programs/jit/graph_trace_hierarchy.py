import torch
import torch.nn as nn
# A traced module tree keeps its hierarchy: each submodule call is a prim::CallMethod on a
# prim::GetAttr chain, each called submodule gets a forward graph of its own, and
# code shows the trace as Python. One instance per class, so no type is mangled.


class Gate(nn.Module):
    def forward(self, x):
        return torch.sigmoid(x) * x


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(3, 3)
        self.gate = Gate()

    def forward(self, x):
        return self.gate(self.proj(x)) + x


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.block = Block()
        self.head = nn.Sequential(nn.ReLU(), nn.Flatten(0))
        self.scale = nn.Parameter(torch.tensor(0.5))

    def forward(self, x):
        y = self.block(x)
        return self.head(y) * self.scale, y


def show(g):
    for line in str(g).split("\n"):
        i = line.find(" # ")
        print(line if i < 0 else line[:i])


torch.manual_seed(0)
m = Net()
x = torch.tensor([[1.0, -2.0, 0.5], [0.0, 1.5, -1.0]])
tm = torch.jit.trace(m, x)
show(tm.graph)
print(tm.code)
show(tm.block.graph)
print(tm.block.code)
out, y = tm(x)
print(out.detach().round(decimals=4), y.detach().round(decimals=4))
