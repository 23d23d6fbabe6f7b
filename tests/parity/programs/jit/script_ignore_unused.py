import torch
import torch.nn as nn
# @torch.jit.ignore leaves a method as a Python call; @torch.jit.unused replaces it with a raise.

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.k = 10

    @torch.jit.ignore
    def helper(self, x: torch.Tensor) -> torch.Tensor:
        vals = [v * self.k for v in x.tolist()]
        return torch.tensor(vals)

    @torch.jit.unused
    def debug(self, x: torch.Tensor) -> torch.Tensor:
        return x * 100

    def forward(self, x, use_debug: bool):
        if use_debug:
            return self.debug(x)
        return self.helper(x) + 1

m = M()
s = torch.jit.script(m)
print(type(s).__name__)
x = torch.tensor([1., 2.])
print(s(x, False))
print(m(x, False), m(x, True))
try:
    print(s(x, True))
except Exception as e:
    print(type(e).__name__)
    print(str(e).strip().split("\n")[0])
    print("cannot be run" in str(e))
s.k = 3
print(s.k, s(x, False))
