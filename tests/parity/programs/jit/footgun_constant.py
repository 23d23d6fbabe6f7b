import torch
import torch.nn as nn
import warnings
# A Python number attribute: traced modules bake it in, scripted modules read the attribute.

class Scale(nn.Module):
    def __init__(self):
        super().__init__()
        self.factor = 2.0

    def forward(self, x):
        return x * self.factor

m = Scale()
x = torch.tensor([1., 3.])
tm = torch.jit.trace(m, x)
sm = torch.jit.script(m)
print(type(tm).__name__, type(sm).__name__)
print(tm(x), sm(x), m(x))
m.factor = 5.0
print("eager after m.factor=5:", m(x))
print("traced:", tm(x), "scripted:", sm(x))
sm.factor = 0.5
print("scripted after sm.factor=0.5:", sm(x), sm.factor)
try:
    tm.factor = 0.5
    print("traced after tm.factor=0.5:", tm(x))
except Exception as e:
    print("tm.factor=0.5:", type(e).__name__)
