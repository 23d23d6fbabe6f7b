import torch
import torch.nn as nn
from typing import Final
# ScriptModule subclasses with the other TorchScript markers: torch.jit.Final and __constants__
# (compiled as constants), @torch.jit.ignore / @torch.jit.unused methods called from a script
# method, @torch.jit.export methods (not compiled for a ScriptModule subclass: only its script
# methods are), torch.jit.is_scripting() inside and outside, inheritance of script methods, and
# PyTorch's errors and warnings for bad constants.

class Scaler(torch.jit.ScriptModule):
    factor: Final[int]
    __constants__ = ['offsets']

    def __init__(self, factor):
        super().__init__()
        self.factor = factor
        self.offsets = [1, 2]
        self.register_buffer("steps", torch.zeros(1))

    @torch.jit.ignore
    def log(self, x: torch.Tensor) -> torch.Tensor:
        print("python log", x.shape)
        return x

    @torch.jit.unused
    def never(self, x: torch.Tensor) -> torch.Tensor:
        return x * 1000

    @torch.jit.script_method
    def forward(self, x, use_never: bool):
        self.steps += 1
        if use_never:
            return self.never(x)
        y = self.log(x) * self.factor + self.offsets[1]
        if torch.jit.is_scripting():
            y = y + 100
        return y

    @torch.jit.script_method
    def twice(self, x):
        return self.forward(x, False) * 2

s = Scaler(3)
print(sorted(Scaler._methods.keys()), sorted(Scaler._constants_set))
x = torch.tensor([1.0, 2.0])
print(s(x, False))
print(s.twice(x))
print(s.steps, s.factor, s.offsets)
print(torch.jit.is_scripting(), s.log(x))
try:
    s(x, True)
except Exception as e:
    print(type(e).__name__, "cannot be run" in str(e))

class Doubled(Scaler):
    def __init__(self):
        super().__init__(2)

    @torch.jit.script_method
    def halve(self, x):
        return self.forward(x, False) / 2

d = Doubled()
print(sorted(Doubled._methods.keys()), type(d).__name__, d.original_name)
print(d(x, False), d.halve(x))
print(d)

class BadConstant(torch.jit.ScriptModule):
    __constants__ = ['table']

    def __init__(self):
        super().__init__()
        self.table = {"a": 1}

    @torch.jit.script_method
    def forward(self, x):
        return x

try:
    BadConstant()
except TypeError as e:
    print("TypeError:", e)

import warnings
# (one name per class: PyTorch walks __constants__ as a set, whose order is the string hashes')
class ParamConstant(torch.jit.ScriptModule):
    __constants__ = ['w']

    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.ones(2))

    @torch.jit.script_method
    def forward(self, x):
        return x * self.w

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    p = ParamConstant()
for w in caught:
    print(w.category.__name__, w.message)
print(p(x))

class UnsetConstant(torch.jit.ScriptModule):
    __constants__ = ['unset']

    @torch.jit.script_method
    def forward(self, x):
        return x - 1

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    u = UnsetConstant()
for w in caught:
    print(w.category.__name__, w.message)
print(u(x))
