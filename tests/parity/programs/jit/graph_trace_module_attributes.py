import torch
import torch.nn as nn
# What a traced module's TorchScript type holds: torch.jit.trace scripts a stand-in holding only
# the module's training flag, parameters, buffers and submodules (TracedModule.__init__), so its
# plain attributes (an int, a list of floats, None, a tensor that is no buffer) are not part of it:
# a plain tensor attribute read in forward is frozen into the graph as a constant (printed as ATen
# prints a small tensor). A convolution records aten::_convolution with all its arguments.


class Scaled(nn.Module):
    __constants__ = ["k"]

    def __init__(self):
        super().__init__()
        self.k = 3
        self.steps = 2
        self.weights = [0.5, 0.25]
        self.extra = None
        self.mask = torch.tensor([1.0, 0.0, 1.0])
        self.conv = nn.Conv1d(1, 1, 2)

    def forward(self, x):
        y = self.conv(x.unsqueeze(0)).squeeze(0) * self.k
        return torch.cat([y, y[:, :1]], dim=1) * self.mask * self.steps


def show(g):
    for line in str(g).split("\n"):
        i = line.find(" # ")
        print(line if i < 0 else line[:i])


torch.manual_seed(0)
m = Scaled()
x = torch.tensor([[1.0, 2.0, 3.0]])
tm = torch.jit.trace(m, x)
show(tm.graph)
show(tm.conv.graph)
show(tm.inlined_graph)
m.mask = torch.tensor([0.0, 1.0, 1.0])
print(tm(x).detach(), m(x).detach())
