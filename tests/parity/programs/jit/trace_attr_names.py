import torch
import torch.nn as nn
# How torch.jit.trace names the values of a module hierarchy: parameters take the name of the Python
# local that holds them where they are first used (_conv_forward's `weight`, `bias`), and each later
# claim of a name renames its previous holder with the next odd suffix, so the GetAttr values of
# submodule graphs print as %weight.5, %bias.3; a traced module that calls no submodule keeps %self.
# Several shapes: convolutions with and without bias, a Linear among them, nested containers, a
# user module without children.


class Stack(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Conv2d(1, 2, 3, padding=1)
        self.b = nn.Conv2d(2, 2, 1, bias=False)
        self.head = nn.Sequential(nn.Flatten(), nn.Linear(2 * 4 * 4, 3))

    def forward(self, x):
        return self.head(torch.relu(self.b(self.a(x))))


class Plain(nn.Module):
    def forward(self, x):
        return x * 2 + 1


class Pair(nn.Module):
    def __init__(self):
        super().__init__()
        self.first = nn.Conv1d(2, 2, 3)
        self.second = nn.Conv1d(2, 2, 3)

    def forward(self, x):
        return self.second(self.first(x)) + self.first.bias.sum()


def show(g):
    for line in str(g).split("\n"):
        i = line.find(" # ")
        print(line if i < 0 else line[:i])


torch.manual_seed(0)
x = torch.randn(1, 1, 4, 4)
ts = torch.jit.trace(Stack(), x)
show(ts.graph)
show(ts.a.graph)
show(ts.b.graph)
print(ts.code)

tp = torch.jit.trace(Plain(), torch.randn(2))
show(tp.graph)

tl = torch.jit.trace(nn.Linear(3, 2), torch.randn(1, 3))
show(tl.graph)

pair = Pair()
tq = torch.jit.trace(pair, torch.randn(1, 2, 7))
show(tq.graph)
show(tq.first.graph)
show(tq.second.graph)
y = torch.randn(1, 2, 7)
print(torch.allclose(tq(y), pair(y)))
