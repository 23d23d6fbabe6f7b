import torch
import torch.nn as nn
# forward mutates an int attribute (a call counter): the side effect is replayed, and the guard on it?

calls = []

def counting(gm, example_inputs):
    calls.append(len(gm.graph.nodes))
    return gm.forward

class Counter(nn.Module):
    def __init__(self):
        super().__init__()
        self.count = 0

    def forward(self, x):
        self.count += 1
        return x * 2

m = Counter()
cm = torch.compile(m, backend=counting)
x = torch.tensor([1., 2.])
for i in range(4):
    out = cm(x)
    print(i, out, "count", m.count, "compiles", len(calls))

class Tagger(nn.Module):
    def __init__(self):
        super().__init__()
        self.last = None

    def forward(self, x):
        self.last = x + 1
        return x * 3

t = Tagger()
ct = torch.compile(t, backend=counting)
print(ct(x), t.last, "compiles", len(calls))
print(ct(x * 2), t.last, "compiles", len(calls))
