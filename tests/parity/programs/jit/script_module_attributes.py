import torch
import torch.nn as nn
# Scripted module attributes: int/float/list attributes, training flag, buffers, updates after scripting.

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.offset = 1
        self.scale = 0.5
        self.sizes = [2, 3]
        self.register_buffer("shift", torch.tensor([10., 20.]))

    def forward(self, x):
        y = x * self.scale + self.offset + self.shift
        if self.training:
            y = y + 1000
        return y + len(self.sizes)

m = M()
s = torch.jit.script(m)
x = torch.tensor([2., 4.])
print(s(x), m(x))
s.eval()
m.eval()
print(s(x), m(x))
print(s.offset, s.scale, s.sizes, s.training)
s.offset = 5
s.scale = 2.0
print(s(x))
s.shift.fill_(0.)
print(s(x), s.shift)
try:
    s.offset = "five"
    print("assigned")
except Exception as e:
    print(type(e).__name__)
