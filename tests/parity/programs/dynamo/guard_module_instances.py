import torch
import torch.nn as nn
# Two instances of one module class share forward's code object: does the second recompile?

calls = []

def counting(gm, example_inputs):
    calls.append(len(example_inputs))
    return gm.forward

class Affine(nn.Module):
    def __init__(self, a, b):
        super().__init__()
        self.lin = nn.Linear(2, 2)
        with torch.no_grad():
            self.lin.weight.copy_(torch.tensor([[a, 0.], [0., a]]))
            self.lin.bias.copy_(torch.tensor([b, b]))

    def forward(self, x):
        return self.lin(x) * 2

m1 = Affine(1., 0.5)
m2 = Affine(2., -1.)
c1 = torch.compile(m1, backend=counting)
c2 = torch.compile(m2, backend=counting)
x = torch.tensor([[1., 2.]])
with torch.no_grad():
    print("m1", c1(x), "compiles", len(calls))
    print("m2", c2(x), "compiles", len(calls))
    print("m1", c1(x), "compiles", len(calls))
    print(torch.equal(c1(x), m1(x)), torch.equal(c2(x), m2(x)))
print("graph inputs per compile", calls)
