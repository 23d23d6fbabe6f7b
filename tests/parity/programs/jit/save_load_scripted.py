# torch.jit.save / torch.jit.load of modules holding TorchScript code, as the TorchScript
# introduction tutorial ends: a traced wrapper around a scripted loop over a traced cell with a
# scripted gate (saved, loaded, printed, its .code read back, called), then a scripted module with
# a helper method, a constant, an int attribute and a submodule, round-tripped through a buffer.
import io

import torch
import torch.nn as nn

torch.manual_seed(0)


class MyDecisionGate(nn.Module):
    def forward(self, x):
        if x.sum() > 0:
            return x
        else:
            return -x


class MyCell(nn.Module):
    def __init__(self, dg):
        super().__init__()
        self.dg = dg
        self.linear = nn.Linear(4, 4)

    def forward(self, x, h):
        new_h = torch.tanh(self.dg(self.linear(x)) + h)
        return new_h, new_h


x, h = torch.rand(3, 4), torch.rand(3, 4)
scripted_gate = torch.jit.script(MyDecisionGate())


class MyRNNLoop(nn.Module):
    def __init__(self):
        super().__init__()
        self.cell = torch.jit.trace(MyCell(scripted_gate), (x, h))

    def forward(self, xs):
        h, y = torch.zeros(3, 4), torch.zeros(3, 4)
        for i in range(xs.size(0)):
            y, h = self.cell(xs[i], h)
        return y, h


class WrapRNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.loop = torch.jit.script(MyRNNLoop())

    def forward(self, xs):
        y, h = self.loop(xs)
        return torch.relu(y)


xs = torch.rand(10, 3, 4)
traced = torch.jit.trace(WrapRNN(), (xs,))
print(traced.code.strip())
buf = io.BytesIO()
traced.save(buf)
buf.seek(0)
loaded = torch.jit.load(buf)
print(loaded)
print(loaded.code.strip())
print(torch.equal(loaded(xs), traced(xs)))


class Scaler(nn.Module):
    __constants__ = ["factor"]

    def __init__(self):
        super().__init__()
        self.factor = 2.5
        self.steps = 3
        self.fc = nn.Linear(4, 2)

    def helper(self, x):
        return x * self.factor

    def forward(self, x):
        y = self.fc(x)
        for _ in range(self.steps):
            y = self.helper(y)
        return y


sm = torch.jit.script(Scaler())
buf = io.BytesIO()
torch.jit.save(sm, buf)
buf.seek(0)
lm = torch.jit.load(buf)
print(lm)
print(lm.code.strip())
print(lm.helper.code.strip())
print(lm.steps, lm.factor)
print(torch.equal(lm(x), sm(x)))
