import torch
import torch.nn as nn
# A bool attribute of a module read in forward is guarded: flipping it recompiles.

calls = []

def counting(gm, example_inputs):
    calls.append(len(gm.graph.nodes))
    return gm.forward

class Act(nn.Module):
    def __init__(self):
        super().__init__()
        self.use_relu = True

    def forward(self, x):
        if self.use_relu:
            return torch.relu(x) * 2
        return x * 2

m = Act()
cm = torch.compile(m, backend=counting)
x = torch.tensor([-1., 2.])
print(m.use_relu, cm(x), "compiles", len(calls))
print(m.use_relu, cm(x), "compiles", len(calls))
m.use_relu = False
print(m.use_relu, cm(x), "compiles", len(calls), torch.equal(cm(x), m(x)))
m.use_relu = True
print(m.use_relu, cm(x), "compiles", len(calls), torch.equal(cm(x), m(x)))
m.use_relu = False
print(m.use_relu, cm(x), "compiles", len(calls))
print("node counts", calls)
