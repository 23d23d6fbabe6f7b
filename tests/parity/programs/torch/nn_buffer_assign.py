# torch.nn.Buffer (PyTorch 2.5+): assigning `nn.Buffer(t, persistent=...)` to a Module attribute
# registers a buffer, as styalai/xLSTM-pytorch's mLSTMblock does for its recurrent states
# (`self.ct_1 = nn.Buffer(data=torch.zeros(...))`, probe 28: "module 'torch.nn' has no attribute
# 'Buffer'"). The marked tensor, isinstance checks, state_dict, .to(dtype), reassignment with a plain
# tensor, and a Buffer that keeps requires_grad.
import torch
import torch.nn as nn
from torch.nn.parameter import Buffer


class Cell(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.lin = nn.Linear(n, n)
        self.ct_1 = nn.Buffer(data=torch.zeros([1, 1, n]))
        self.nt_1 = nn.Buffer(torch.ones(n), persistent=False)

    def forward(self, x):
        ct = self.ct_1 + self.lin(x)
        self.ct_1 = ct.detach()  # a plain tensor written over a registered buffer stays a buffer
        return ct * self.nt_1


torch.manual_seed(0)
b = nn.Buffer(torch.arange(3.0))
print(type(b).__name__, isinstance(b, nn.Buffer), isinstance(b, torch.Tensor), b.persistent,
      isinstance(torch.zeros(1), nn.Buffer), Buffer is nn.Buffer)
print(nn.Buffer().shape, nn.Buffer(torch.ones(2, requires_grad=True)).requires_grad)
m = Cell(4)
print([n for n, _ in m.named_buffers()], list(m.state_dict().keys()))
y = m(torch.randn(2, 1, 4))
print(y.shape, [tuple(t.shape) for t in m.buffers()], "ct_1" in m.__dict__)
m.double()
print(m.ct_1.dtype, m.nt_1.dtype)
print(sorted(m.state_dict().keys()), len(list(m.parameters())))
