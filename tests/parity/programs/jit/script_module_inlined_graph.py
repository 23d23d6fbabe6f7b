import os, torch
import torch.nn as nn
# What a scripted module answers about itself: original_name (the Python class's name), the
# RecursiveScriptModule type of every level, .graph and .code of forward, and .inlined_graph (a
# copy of forward's graph with the submodules' method calls replaced by their bodies, the module's
# own graph unchanged); a scripted function's __name__ is its class's and .name its own.
HERE = os.path.dirname(os.path.abspath(__file__)) + os.sep


class Scale(nn.Module):
    def __init__(self, k: float):
        super().__init__()
        self.k = k

    def forward(self, x):
        return x * self.k


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.first = Scale(2.0)
        self.second = Scale(0.5)

    def forward(self, x):
        y = self.first(x) + 1
        return self.second(y) - x


@torch.jit.script
def helper(x):
    return x + 1


s = torch.jit.script(Block())
print(s.original_name, s.first.original_name, type(s).__name__, type(s.first).__name__)
print(str(s.graph).replace(HERE, ""))
print(s.code)
print(str(s.inlined_graph).replace(HERE, ""))
print(str(s.graph).replace(HERE, "") == str(s.graph).replace(HERE, ""))
print(helper.__name__, helper.name, type(helper).__name__)
x = torch.arange(3.0)
print(s(x))
