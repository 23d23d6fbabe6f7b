import torch
import torch.nn as nn

class Scale(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 1)

    def forward(self, x):
        return self.lin(x) * 2

m = Scale()
with torch.no_grad():
    m.lin.weight.copy_(torch.tensor([[1.0, -1.0]]))
    m.lin.bias.copy_(torch.tensor([0.5]))

# The exercise: freeze the scripted module. torch.jit.freeze refuses it as it is:
# read the error and fix the program.
s = torch.jit.script(m.eval())
try:
    f = torch.jit.freeze(s)
    with torch.no_grad():
        print("frozen:", f(torch.tensor([[3.0, 1.0]])))
except RuntimeError as e:
    print(type(e).__name__, "|", str(e).strip().split("\n")[0])
