# torch.export (non-strict) of a forward that writes through `x.data` (the torch.export tutorial's
# Bad2, and 0.3-era code): `.data` aliases the input, so the write is a mutation of the input that
# the exported module repeats on each call's argument; writes through `x.detach()` and plain
# indexing behave the same, and reading `.data` leaves values untouched.
import torch
from torch.export import export


class Bad2(torch.nn.Module):
    def forward(self, x):
        x.data[0, 0] = 3
        return x


class ViaDetach(torch.nn.Module):
    def forward(self, x):
        x.detach()[1, 1] = -2
        return x * 2


class ReadData(torch.nn.Module):
    def forward(self, x):
        return x.data.sum(0) + x


for cls in (Bad2, ViaDetach, ReadData):
    ep = export(cls(), (torch.randn(3, 3),), strict=False)
    arg = torch.ones(3, 3)
    out = ep.module()(arg)
    print(cls.__name__)
    print(out)
    print(arg)
