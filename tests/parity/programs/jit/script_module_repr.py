import torch
import torch.nn as nn
# How scripted modules print. torch.jit.script gives RecursiveScriptModules: nn.Module.__repr__
# with extra_repr "original_name=<class>", children indented below it (a module without children
# on one line). A torch.jit.ScriptModule subclass prints its own class name with nn.Module's
# extra_repr (empty, or the one the class defines) over its scripted children.


class Head(torch.jit.ScriptModule):
    def __init__(self, n):
        super().__init__()
        self.n = n
        self.body = nn.Sequential(nn.Linear(n, n), nn.ReLU())
        self.out = nn.Linear(n, 1)

    @torch.jit.script_method
    def forward(self, x):
        return self.out(self.body(x))


class Tagged(torch.jit.ScriptModule):
    def __init__(self, k):
        super().__init__()
        self.k = k

    def extra_repr(self):
        return "k={}".format(self.k)

    @torch.jit.script_method
    def forward(self, x):
        return x * self.k


class TwoLines(torch.jit.ScriptModule):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)

    def extra_repr(self):
        return "first line\nsecond line"

    @torch.jit.script_method
    def forward(self, x):
        return self.fc(x)


class Bare(torch.jit.ScriptModule):
    @torch.jit.script_method
    def forward(self, x):
        return x + 1


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = Head(3)
        self.tag = Tagged(2)
        self.blocks = nn.Sequential(nn.Linear(3, 3), nn.Sequential(nn.Tanh(), nn.Linear(3, 3)))

    def forward(self, x):
        return self.tag(self.head(self.blocks(x)))


torch.manual_seed(0)
print(Head(3))
print(Tagged(4))
print(TwoLines())
print(Bare())
print(Head(3).body)
net = Net()
print(net)
s = torch.jit.script(net)
print(s)
print(s.blocks)
print(s.head.out, s.tag)
x = torch.randn(2, 3)
print(torch.allclose(s(x), net(x)), s(x).shape)
