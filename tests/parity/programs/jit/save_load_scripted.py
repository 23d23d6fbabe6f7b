# torch.jit.save / torch.jit.load of a traced module holding TorchScript code, as the TorchScript
# introduction tutorial ends: a traced wrapper around a scripted loop over a traced cell with a
# scripted gate. The scripted loop returns a tuple, which the trace unpacks (prim::TupleUnpack:
# `_0, y, = (loop).forward(xs, )`), so the wrapper's relu reads a traced value; saved, loaded,
# printed, its .code read back, called on the traced input and on a new one.

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
# the tutorial's file round trip (PyTorch 2.11's torch.jit.load of this module from an io.BytesIO fails
# with "istream reader failed: getting the current position.")
path = "/tmp/kiln_parity_save_load_scripted.pt"
traced.save(path)
loaded = torch.jit.load(path)
print(loaded)
print(loaded.code.strip())
print(torch.equal(loaded(xs), traced(xs)))
xs2 = torch.rand(6, 3, 4)
print(torch.allclose(loaded(xs2), torch.relu(traced.loop(xs2)[0])), torch.allclose(traced(xs2), loaded(xs2)))
