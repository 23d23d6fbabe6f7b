# recipes/module_load_state_dict_tips.py (pytorch/tutorials @ 06059c5e): a checkpoint loaded with
# mmap=True into a module built on the meta device, with load_state_dict(assign=True); the plain
# copy into meta parameters is a no-op (PyTorch warns), assign=True puts the checkpoint's tensors in.
import os
import tempfile

import torch
from torch import nn


class SomeModule(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linears = nn.ModuleList([nn.Linear(1, 1) for i in range(10)])

    def forward(self, x):
        for layer in self.linears:
            x = layer(x)
        return x


torch.manual_seed(0)
path = os.path.join(tempfile.mkdtemp(), "checkpoint.pth")
m = SomeModule()
torch.save(m.state_dict(), path)
state_dict = torch.load(path, mmap=True)
with torch.device("meta"):
    meta_m = SomeModule()
print(meta_m.linears[3].weight)
print(meta_m.load_state_dict(state_dict))  # copies into meta tensors: nothing happens
print(meta_m.linears[3].weight.is_meta)
print(meta_m.load_state_dict(state_dict, assign=True))
print(meta_m.linears[3].weight)
x = torch.ones(2, 1)
print(torch.equal(meta_m(x), m(x)), meta_m(x))
print(sorted({p.device.type for p in meta_m.parameters()}))
opt = torch.optim.SGD(meta_m.parameters(), lr=0.1)
meta_m(x).sum().backward()
opt.step()
print(meta_m.linears[0].weight)
