import torch
import torch.nn as nn
from typing import Final
# Constants of scripted modules (__constants__ and Final) cannot be assigned once the module is
# scripted: RecursiveScriptModule.__setattr__ hands the name to the C++ object, whose setattr
# refuses a constant with "Can't set constant '<name>' which has value:<value>" (the value as c10
# prints an IValue: 2. for an integral float, 17 significant digits otherwise, tuples for lists).
# Reading a constant still works; ordinary attributes can be assigned. ScriptModule subclasses
# forward the assignment to their scripted module, so they refuse the same way.


class Consts(nn.Module):
    __constants__ = ["scale", "whole", "tenth", "flag", "name", "sizes", "single", "nothing"]
    depth: Final[int]

    def __init__(self):
        super().__init__()
        self.scale = 0.5
        self.whole = 2.0
        self.tenth = 0.1
        self.flag = True
        self.name = "relu"
        self.sizes = [3, 4]
        self.single = (7,)
        self.nothing = None
        self.depth = 3
        self.steps = 0

    def forward(self, x):
        if self.flag:
            x = x * self.scale + self.whole * self.tenth
        return x + self.depth + self.sizes[0]


s = torch.jit.script(Consts())
x = torch.ones(2)
print(s(x))
print(s.scale, s.whole, s.depth, s.sizes, s.name)
for name, value in [("scale", 1.5), ("whole", 3.0), ("tenth", 0.2), ("flag", False), ("name", "gelu"),
                    ("sizes", [1]), ("single", (8,)), ("nothing", None), ("depth", 4)]:
    try:
        setattr(s, name, value)
        print("assigned", name)
    except RuntimeError as e:
        print("RuntimeError:", e)
s.steps = 5
print(s.steps, s(x))


class Gate(torch.jit.ScriptModule):
    __constants__ = ["threshold"]
    width: Final[int]

    def __init__(self):
        super().__init__()
        self.threshold = 0.25
        self.width = 2
        self.count = 0

    @torch.jit.script_method
    def forward(self, x):
        self.count += 1
        return torch.clamp(x - self.threshold, min=0.0) * self.width


g = Gate()
print(g(torch.tensor([0.1, 0.5])), g.count, g.threshold, g.width)
for name, value in [("threshold", 0.75), ("width", 5), ("count", 10)]:
    try:
        setattr(g, name, value)
        print("assigned", name, getattr(g, name))
    except RuntimeError as e:
        print("RuntimeError:", e)
print(g(torch.tensor([0.1, 0.5])), g.count)
