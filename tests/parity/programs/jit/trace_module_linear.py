import torch
import torch.nn as nn
import warnings
# Tracing an nn.Module with submodules (Linear with set weights, ReLU): type names, outputs.

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 2)
        self.act = nn.ReLU()

    def forward(self, x):
        return self.act(self.lin(x)) + 1

m = M()
with torch.no_grad():
    m.lin.weight.copy_(torch.arange(6.).reshape(2, 3) / 4 - 0.5)
    m.lin.bias.copy_(torch.tensor([0.5, -1.]))
x = torch.tensor([[1., 2., 3.]])
with torch.no_grad():
    with warnings.catch_warnings(record=True) as ws:
        warnings.simplefilter("always")
        tm = torch.jit.trace(m, x)
    n = 0
    for w in ws:
        if w.category.__name__ == "TracerWarning":
            n += 1
    print("tracer warnings:", n)
    print(type(tm).__name__)
    print(type(tm.lin).__name__, type(tm.act).__name__)
    print(isinstance(tm, torch.jit.ScriptModule), isinstance(tm, nn.Module))
    print(tm.original_name, tm.lin.original_name)
    print(tm(x))
    print(m(x))
    x2 = torch.tensor([[0., 0., 0.], [4., -4., 2.], [-1., -2., -3.]])
    print(tm(x2))
    print(torch.equal(tm(x2), m(x2)))
    print(tm.lin.weight)
    print(tm)
