import torch
import torch.nn as nn
# torch.jit.script of a module that holds a traced module (the TorchScript tutorial's MyRNNLoop):
# the traced child stays a submodule whose forward the scripted code calls (prim::CallMethod), in a
# loop, directly and next to a scripted child; printed, called and compared with eager.


class Cell(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(4, 4)

    def forward(self, x, h):
        new_h = torch.tanh(self.linear(x) + h)
        return new_h, new_h


class Loop(nn.Module):
    def __init__(self, cell):
        super().__init__()
        self.cell = cell

    def forward(self, xs):
        h, y = torch.zeros(3, 4), torch.zeros(3, 4)
        for i in range(xs.size(0)):
            y, h = self.cell(xs[i], h)
        return y, h


class Mixed(nn.Module):
    def __init__(self, traced, scripted):
        super().__init__()
        self.traced = traced
        self.scripted = scripted

    def forward(self, x):
        a, b = self.traced(x, x)
        return self.scripted(a) + b


torch.manual_seed(0)
x, h = torch.rand(3, 4), torch.rand(3, 4)
traced = torch.jit.trace(Cell(), (x, h))
loop = Loop(traced)
print(list(dict(loop.named_children()).keys()), isinstance(loop.cell, nn.Module))
s = torch.jit.script(loop)
print(s)
print(s.code)
xs = torch.rand(5, 3, 4)
y, hn = s(xs)
ey, eh = loop(xs)
print(tuple(y.shape), torch.allclose(y, ey), torch.equal(y, hn))

mixed = Mixed(traced, torch.jit.script(nn.ReLU()))
sm = torch.jit.script(mixed)
print(sm)
print(sm.code)
print(torch.allclose(sm(x), mixed(x)))
print(sm.traced.code)
