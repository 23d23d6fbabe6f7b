import torch
import torch.nn as nn

# Freezing inlines a module's weights and attributes as constants, so the graph no
# longer reads them at run time, and drops what eval mode can never run.
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 2)
        self.k = 3

    def forward(self, x):
        if self.training:
            return self.lin(x)
        return self.lin(x) * self.k

m = M()
with torch.no_grad():
    m.lin.weight.copy_(torch.tensor([[1.0, 0.5], [-0.5, 2.0]]))
    m.lin.bias.copy_(torch.tensor([0.25, -1.0]))
s = torch.jit.script(m)
print("If before:", "prim::If" in str(s.graph))
s.eval()
f = torch.jit.freeze(s)
print("If after: ", "prim::If" in str(f.graph))
print("GetAttr after:", "prim::GetAttr" in str(f.graph))
x = torch.tensor([[1.0, 2.0]])
with torch.no_grad():
    print(f(x))
    print(torch.equal(f(x), s(x)))
