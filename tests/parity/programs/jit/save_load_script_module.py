# torch.jit.save / torch.jit.load of a scripted module (torch.jit.script of an nn.Module): its
# methods (forward and a helper it calls), a constant, an int attribute and a Linear submodule,
# round-tripped through a buffer; the loaded module's repr, .code of each method, attributes and
# values against the scripted one.
import io

import torch
import torch.nn as nn

torch.manual_seed(0)
x = torch.rand(3, 4)


class Scaler(nn.Module):
    __constants__ = ["factor"]

    def __init__(self):
        super().__init__()
        self.factor = 2.5
        self.steps = 3
        self.fc = nn.Linear(4, 2)

    def helper(self, x):
        return x * self.factor

    def forward(self, x):
        y = self.fc(x)
        for _ in range(self.steps):
            y = self.helper(y)
        return y


sm = torch.jit.script(Scaler())
buf = io.BytesIO()
torch.jit.save(sm, buf)
buf.seek(0)
lm = torch.jit.load(buf)
print(lm)
print(lm.code.strip())
print(lm.helper.code.strip())
print(lm.steps, lm.factor)
print(torch.equal(lm(x), sm(x)))
