import torch
import torch.nn as nn
# torch.jit.freeze needs a scripted module in eval mode; what it accepts and what it keeps: the
# training branch is gone after freezing, a preserved attribute stays an attribute that can be set.


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
try:
    torch.jit.freeze(s)
except RuntimeError as e:
    print(type(e).__name__, "|", str(e).strip().split("\n")[0])
try:
    torch.jit.freeze(m.eval())
except RuntimeError as e:
    print(type(e).__name__, "|", str(e).strip().split("\n")[0])
s.eval()
f = torch.jit.freeze(s)
print("prim::If" in str(s.graph), "prim::If" in str(f.graph))
x = torch.tensor([[1.0, 2.0], [-2.0, 0.5]])
with torch.no_grad():
    print(f(x))
    print(s(x))
fp = torch.jit.freeze(s, preserved_attrs=["k"])
print('prim::GetAttr[name="k"]' in str(fp.graph), fp.k)
fp.k = 10
with torch.no_grad():
    print(fp(x))
    print(f(x))
