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


# Each case on its own: PyTorch 2.11 refuses Bad2 at export time (the write through .data leaves a
# fake tensor among the program's constants), so the error is printed rather than ending the program.
for cls in (Bad2, ViaDetach, ReadData):
    print(cls.__name__)
    try:
        ep = export(cls(), (torch.randn(3, 3),), strict=False)
    except RuntimeError as e:
        print("RuntimeError:", str(e).split(".")[0])
        continue
    arg = torch.ones(3, 3)
    out = ep.module()(arg)
    print(out)
    print(arg)
