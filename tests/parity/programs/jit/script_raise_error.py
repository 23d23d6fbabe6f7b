import os, torch
import torch.nn as nn
from typing import List, Optional
# A raise inside TorchScript: the call raises torch.jit.Error whose text is the
# interpreter's ("The following operation failed in the TorchScript interpreter.", the TorchScript
# traceback with the raising line highlighted, then the qualified Python class and the message),
# and the graphs and code of functions that raise. Several shapes: messages of other types,
# several arguments, no argument, a raise in a module's forward.
HERE = os.path.dirname(os.path.abspath(__file__)) + os.sep


def report(fn, *args):
    try:
        fn(*args)
        print("no error")
    except Exception as e:
        print(type(e).__name__, type(e).__module__, isinstance(e, RuntimeError))
        print(str(e).replace(HERE, ""))


@torch.jit.script
def check_k(x, k: int):
    if k == 0:
        raise ValueError("k must not be 0")
    return x / k


@torch.jit.script
def check_len(xs: List[int]) -> int:
    if len(xs) > 3:
        raise IndexError(len(xs))
    return len(xs)


@torch.jit.script
def two_args(k: int) -> int:
    if k < 0:
        raise RuntimeError("negative", k)
    return k


@torch.jit.script
def no_args(k: int) -> int:
    if k > 100:
        raise KeyError()
    return k


class Guard(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 2)

    def forward(self, x, mask: Optional[torch.Tensor] = None):
        if mask is not None and mask.dim() != 2:
            raise ValueError("mask must be 2-d")
        return self.lin(x)


for fn in [check_k, check_len, two_args, no_args]:
    print(str(fn.graph).replace(HERE, ""))
    print(fn.code)

x = torch.ones(2)
report(check_k, x, 0)
report(check_k, x, 2)
report(check_len, [1, 2, 3, 4])
report(two_args, -1)
report(no_args, 101)
torch.manual_seed(0)
g = torch.jit.script(Guard())
print(str(g.graph).replace(HERE, ""))
report(g, torch.ones(1, 2), torch.ones(3))
print(g(torch.ones(1, 2), torch.ones(1, 2)).shape)
