import os, torch
import torch.nn as nn
from typing import Optional
# How a scripted graph names and numbers its values, as PyTorch's emitter and its cleanup passes
# leave them: every variable read is a prim::Load named after the variable (an input that is read
# prints as %x.1), an assignment names its value, If outputs are made last (ConvertToSSA) and take
# the variable's name, prim::GetAttr results are named after the attribute, every if-condition
# costs a number (emitToBool's constant 0), and constants are pooled at the top of the graph in
# reverse order of first appearance. Several shapes of each construct; .code alongside.
HERE = os.path.dirname(os.path.abspath(__file__)) + os.sep


def show(fn):
    print(str(fn.graph).replace(HERE, ""))
    print(fn.code)


@torch.jit.script
def one_branch_update(x, y):
    z = x + y
    if bool(z.sum() > 0):
        z = z * 2
    return z


@torch.jit.script
def both_branches(x, k: int):
    if k > 2:
        y = x + 1
        w = k * 3
    else:
        y = x - 1
        w = k
    return y * w


@torch.jit.script
def nested(x, a: int, b: int):
    r = x
    if a > 0:
        if b > 0:
            r = r + a
        else:
            r = r - b
    else:
        r = r * 2.5
    return r


@torch.jit.script
def conditions(x, t: Optional[int]):
    s = 0
    if t is None:
        s = 1
    if not bool(x.sum() > 0):
        s = s + 2
    if s > 1 and s < 10:
        s = s * 3
    return x * s


@torch.jit.script
def constants_pooled(x):
    a = x * 0.5 + 1
    b = a - 1
    c = b * 0.5
    return c + 3


class Gate(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 3)
        self.scale = 2.0
        self.steps = 1

    def forward(self, x):
        h = self.lin(x)
        if self.training:
            h = h * self.scale
        else:
            h = h + self.steps
        out = torch.relu(h)
        return out + self.lin(out)


x = torch.tensor([1.0, -2.0, 3.0])
for f in [one_branch_update]:
    print(f(x, x).tolist())
    show(f)
print(both_branches(x, 3).tolist(), both_branches(x, 1).tolist())
show(both_branches)
print(nested(x, 1, 1).tolist(), nested(x, 1, -1).tolist(), nested(x, 0, 5).tolist())
show(nested)
print(conditions(x, None).tolist(), conditions(-x, 4).tolist())
show(conditions)
print(constants_pooled(x).tolist())
show(constants_pooled)
torch.manual_seed(0)
g = torch.jit.script(Gate())
print(g(x.view(1, 3)).detach().round(decimals=4).tolist())
show(g)
