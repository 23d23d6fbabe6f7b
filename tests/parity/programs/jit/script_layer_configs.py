import os, torch
import torch.nn as nn
# A scripted module's built-in layers get one class per configuration, as PyTorch's concrete
# module types: the values of the layer class's __constants__ (a Linear's sizes, a LayerNorm's
# eps, a Dropout's p) and its attributes' types (a Linear without bias) decide it; the first
# configuration keeps the plain name, the next ones are __torch__.<module>.___torch_mangle_N.<Class>
# with N counting every mangle of the program. Graph type names, code and the children's types.
HERE = os.path.dirname(os.path.abspath(__file__)) + os.sep


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        self.b = nn.Linear(4, 8)
        self.c = nn.Linear(8, 4, bias=False)
        self.d = nn.Linear(4, 4)
        self.n1 = nn.LayerNorm(4)
        self.n2 = nn.LayerNorm(4, eps=1e-3)
        self.drop1 = nn.Dropout(0.1)
        self.drop2 = nn.Dropout(0.2)
        self.act1 = nn.LeakyReLU(0.1)
        self.act2 = nn.LeakyReLU(0.1)

    def forward(self, x):
        x = self.act1(self.n1(self.a(x)))
        x = self.drop1(self.b(x))
        x = self.drop2(self.c(x))
        return self.act2(self.n2(self.d(x)))


torch.manual_seed(0)
m = Net().eval()
s = torch.jit.script(m)
print(str(s.graph).replace(HERE, ""))
print(s.code)
for name, child in s.named_children():
    print(name, child.original_name, type(child).__name__)
x = torch.randn(2, 4)
print(torch.allclose(s(x), m(x)))
