import os, torch
import torch.nn as nn
# The TorchScript API before torch.jit.script(nn.Module): a torch.jit.ScriptModule subclass whose
# @torch.jit.script_method methods are compiled when __init__ ends; other methods stay Python (and
# compile on demand when a script method calls them); attributes written by scripted code are what
# Python reads back.

class Block(torch.jit.ScriptModule):
    __constants__ = ['scale']

    def __init__(self, n):
        super().__init__()
        self.lin = nn.Linear(n, n)
        self.scale = 0.5
        self.calls = 0

    def gate(self, x):
        return torch.sigmoid(x) * self.scale

    @torch.jit.script_method
    def forward(self, x):
        self.calls += 1
        if self.training:
            return self.gate(self.lin(x)) + x
        return self.lin(x) * self.scale

    def python_only(self):
        return "python " + str(self.calls)

print(type(Block).__name__, type(torch.jit.ScriptModule).__name__)
print(sorted(Block._methods.keys()), Block._constants_set)
print("forward" in Block.__dict__, "gate" in Block.__dict__)
torch.manual_seed(0)
b = Block(3)
print(b)
print(isinstance(b, nn.Module), isinstance(b, torch.jit.ScriptModule), type(b).__name__)
x = torch.randn(2, 3)
print(b(x).detach().round(decimals=4))
print(b.calls, b.python_only())
b.eval()
print(b(x).detach().round(decimals=4), b.calls, b.training)
print(str(b.graph).replace(os.path.dirname(os.path.abspath(__file__)) + os.sep, ""))  # paths relative to here
print(b.code)
print(b.original_name, b.extra_repr())
print(b.lin)
print([n for n, _ in b.named_parameters()], list(b.state_dict().keys()))
print(torch.jit.script(b) is b)
b.calls = 10
b(x)
print(b.calls)
try:
    b.scale = 2.0
except AttributeError as e:
    print("AttributeError:", e)

# A plain module holding ScriptModule blocks: eager calls run their scripted forwards, and scripting
# it keeps them as its children.
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.b1 = Block(3)
        self.b2 = Block(3)

    def forward(self, x):
        return self.b2(self.b1(x))

torch.manual_seed(1)
net = Net()
print(net)
y = net(x)
print(y.shape, net.b1.calls, net.b2.calls)
s = torch.jit.script(net)
print(s)
print(str(s.graph).replace(os.path.dirname(os.path.abspath(__file__)) + os.sep, ""))  # paths relative to here
print(torch.allclose(s(x), net(x)))
net.eval()
print(net(x).detach().round(decimals=4))
