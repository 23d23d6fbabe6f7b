import torch
import torch.nn as nn

# torch.compile of a module built from mixins: multiple inheritance, a cooperative
# super().forward() into a plain mixin class, a property of a mixin and the module's own
# __len__/__getitem__ are all inlined into one graph; a second call with new values hits the cache.

calls = []


def counting(gm, example_inputs):
    calls.append([n.target.__name__ for n in gm.graph.nodes if n.op == "call_function"])
    return gm.forward


class ScaleMixin:
    @property
    def factor(self):
        return self._factor * 2

    def scaled(self, x):
        return x * self.factor


class Shift:
    def forward(self, x):
        return x + 1


class Block(ScaleMixin, Shift, nn.Module):
    def __init__(self):
        super().__init__()
        self._factor = 1.5

    def forward(self, x):
        return self.scaled(super().forward(x))


class Pair(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = Block()
        self.b = Block()

    def __len__(self):
        return 2

    def __getitem__(self, i):
        return self.a if i == 0 else self.b

    def forward(self, x):
        for i in range(len(self)):
            x = self[i](x)
        return torch.relu(x - 4)


m = Pair()
x = torch.tensor([[1.0, -2.0], [0.5, 3.0]])
cm = torch.compile(m, backend=counting)
out = cm(x)
print(out)
print(torch.equal(out, m(x)), len(calls), calls)
out2 = cm(x * 2)
print(torch.equal(out2, m(x * 2)), len(calls))
print([c.__name__ for c in Block.__mro__])
