import torch
import torch.nn as nn
# Scripting an nn.Module whose forward has a loop, an if on tensor data and submodule calls.

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 2)
        self.act = nn.ReLU()
        self.reps = 2

    def forward(self, x):
        for _ in range(self.reps):
            x = self.act(self.lin(x))
        if x.sum() > 4:
            x = x / 2
        else:
            x = x - 1
        return x

m = M()
with torch.no_grad():
    m.lin.weight.copy_(torch.tensor([[1., 0.5], [0., 1.]]))
    m.lin.bias.copy_(torch.tensor([0., 0.5]))
s = torch.jit.script(m)
print(type(s).__name__, type(s.lin).__name__, type(s.act).__name__)
print(s.original_name, s.lin.original_name)
print("prim::If" in str(s.graph), "prim::Loop" in str(s.graph))
print(s.reps)
with torch.no_grad():
    for x in [torch.tensor([[1., 2.]]), torch.tensor([[0., 0.]]), torch.tensor([[-1., 1.], [2., 2.]])]:
        print(s(x), m(x))
print(s.lin.weight)
print(s)
