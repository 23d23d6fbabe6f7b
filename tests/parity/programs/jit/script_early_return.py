import os, torch
import torch.nn as nn
from typing import List, Optional
# Scripted functions that return early, as PyTorch's TransformExits leaves them: a `return` inside
# an if makes the If return the value (the statements after the if move into its other branch, and
# are copied there with new numbers when the two Ifs are fused), a return inside a loop makes the
# loop carry a has-returned flag and the value out and stop, and a branch that raises or returns
# gives the other branch's variables uninitialized values. Several shapes of each construct, with
# their graphs, code and results.
HERE = os.path.dirname(os.path.abspath(__file__)) + os.sep


def show(fn):
    print(str(fn.graph).replace(HERE, ""))
    print(fn.code)


@torch.jit.script
def then_returns(x, k: int):
    if k > 0:
        return x + k
    y = x * 2
    return y - 1


@torch.jit.script
def else_returns(x, k: int):
    y = x
    if k > 0:
        y = y + 1
    else:
        return y * 3
    return y


@torch.jit.script
def nested_returns(x, a: int, b: int):
    if a > 0:
        if b > 0:
            return x + a
        x = x - b
    return x * 2


@torch.jit.script
def returns_none(x, k: int) -> Optional[torch.Tensor]:
    if k < 0:
        return None
    return x.relu()


@torch.jit.script
def raises_or_returns(x, k: int):
    if k == 0:
        raise ValueError("k must not be 0")
    elif k > 0:
        return x / k
    return -x


@torch.jit.script
def loop_returns(xs: List[int], target: int) -> int:
    for i in range(len(xs)):
        if xs[i] == target:
            return i
    return -1


@torch.jit.script
def while_returns(n: int) -> int:
    s = 0
    while n > 0:
        s = s + n
        if s > 10:
            return s
        n = n - 1
    return -s


for fn in [then_returns, else_returns, nested_returns, returns_none, raises_or_returns, loop_returns, while_returns]:
    show(fn)

x = torch.arange(4.0)
print(then_returns(x, 2), then_returns(x, -1))
print(else_returns(x, 1), else_returns(x, 0))
print(nested_returns(x, 1, 1), nested_returns(x, 1, -2), nested_returns(x, 0, 5))
print(returns_none(x - 2, -1), returns_none(x - 2, 1))
print(raises_or_returns(x, 2), raises_or_returns(x, -1))
try:
    raises_or_returns(x, 0)
except Exception as e:
    print("raised:", "k must not be 0" in str(e))
print(loop_returns([3, 5, 7], 5), loop_returns([3, 5, 7], 4), loop_returns([], 1))
print(while_returns(3), while_returns(6), while_returns(0))


# A module's forward with an early return (a training/eval split), its graph and code.
class Gate(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 3)

    def forward(self, x, mask: Optional[torch.Tensor] = None):
        h = self.lin(x)
        if mask is None:
            return h
        else:
            h = h.masked_fill(mask, 0.0)
        if self.training:
            return h * 0.5
        return h


torch.manual_seed(0)
g = torch.jit.script(Gate())
print(str(g.graph).replace(HERE, ""))
print(g.code)
xin = torch.randn(2, 3)
m = torch.tensor([[True, False, False], [False, False, True]])
print(g(xin).detach().round(decimals=4))
print(g(xin, m).detach().round(decimals=4))
g.eval()
print(g(xin, m).detach().round(decimals=4))
