# TorchScript compile errors raised in a function compiled for a call site: PyTorch's ErrorReport
# appends, for each caller, "'callee' is being compiled since it was called from 'caller'" and the
# caller's excerpt with the call under-lined, each excerpt with up to two lines of its function's
# text around the error line. Shapes: a function calling a function calling a function, a module
# method calling a helper method, a submodule's forward, a decorated function calling a plain one;
# and the truth test of values aten::Bool has no overload for (a str, a list, an Optional).
import os
from typing import List, Optional

import torch
import torch.nn as nn

HERE = os.path.dirname(os.path.abspath(__file__)) + os.sep


def report(what, fn):
    try:
        fn()
        print(what, "compiled")
    except Exception as e:
        print(what, type(e).__name__)
        print(str(e).replace(HERE, "").strip("\n"))
        print("--")


def leaf(x: int) -> int:
    y = x * 2
    return y + "text"


def middle(x: int) -> int:
    return leaf(x) + 1


def top(x: int) -> int:
    z = x + 1
    return middle(z)


report("functions", lambda: torch.jit.script(top))


class Helper(nn.Module):
    def scale(self, x: torch.Tensor) -> torch.Tensor:
        return x * undefined_factor  # noqa: F821

    def forward(self, x):
        y = x + 1
        return self.scale(y)


report("method", lambda: torch.jit.script(Helper()))


class Inner(nn.Module):
    def forward(self, x: torch.Tensor, k: int):
        return x.view(k, "a")


class Outer(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = Inner()

    def forward(self, x):
        return self.inner(x, 2) + 1


report("submodule", lambda: torch.jit.script(Outer()))


def plain_helper(xs: List[int]) -> int:
    return xs + 1


def decorated():
    @torch.jit.script
    def uses_helper(xs: List[int]) -> int:
        n = len(xs)
        return plain_helper(xs) + n

    return uses_helper


report("decorated", decorated)


def str_truth(s: str) -> int:
    if s:
        return 1
    return 0


def list_truth(xs: List[int]) -> int:
    while xs:
        return 1
    return 0


def optional_truth(v: Optional[int]) -> int:
    return 1 if v else 0


for fn in [str_truth, list_truth, optional_truth]:
    report(fn.__name__, lambda: torch.jit.script(fn))
