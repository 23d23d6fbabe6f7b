import torch
import torch.nn as nn
# Module reprs and containers: nested Sequential, ModuleList, ModuleDict, extra_repr, add_module.
class Scale(nn.Module):
    def __init__(self, factor):
        super().__init__()
        self.factor = factor
    def extra_repr(self):
        return "factor=" + str(self.factor)
    def forward(self, x):
        return x * self.factor
class Tower(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(2, 2) for i in range(n)])
        self.heads = nn.ModuleDict({"cls": nn.Linear(2, 3), "reg": nn.Linear(2, 1)})
        self.post = nn.Sequential(Scale(0.5), nn.Sequential(nn.ReLU(), Scale(2)))
    def forward(self, x, head="cls"):
        for layer in self.layers:
            x = layer(x)
        return self.post(self.heads[head](x))
t = Tower(3)
print(t)
print(len(t.layers), list(t.heads.keys()), t.heads["reg"])
with torch.no_grad():
    for p in t.parameters():
        p.fill_(0.5)
x = torch.tensor([[1.0, -1.0]])
print(t(x), t(x, head="reg"))
print([n for n, p in t.named_parameters()][:4])
print(len(list(t.modules())), len(list(t.children())))
seq = nn.Sequential()
seq.add_module("first", nn.Linear(1, 1))
seq.append(nn.ReLU())
print(seq, len(seq))
print(Scale(3), Scale(3)(torch.tensor([1.0, 2.0])))
print(nn.Sequential(nn.Conv2d(1, 4, 3), nn.BatchNorm2d(4), nn.ReLU(), nn.Flatten(), nn.Linear(16, 10)))
print(nn.Embedding(10, 4, padding_idx=1), nn.LayerNorm(8, eps=1e-6), nn.BatchNorm1d(4, momentum=0.2))
print(nn.Linear(2, 3).extra_repr(), nn.ReLU().extra_repr() == "")
print(nn.ModuleList(), nn.ModuleDict())
