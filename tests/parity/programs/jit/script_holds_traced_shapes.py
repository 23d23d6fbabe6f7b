import torch
import torch.nn as nn
# Traced and scripted modules held by nn.Modules (PyTorch's ScriptModule is an nn.Module): assigned as
# attributes or through add_module they are children (named_children, state_dict, repr, eval()),
# a module scripted around them calls their compiled forward (prim::CallMethod), and a module traced
# around a scripted child records a call of its forward. Several shapes: one output, a tuple output
# unpacked, a child called twice, a traced child next to a plain layer, a scripted gate inside a trace.


class Gate(nn.Module):
    def forward(self, x):
        if x.sum() > 0:
            return x
        return -x


class Scale(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 3)

    def forward(self, x):
        return self.lin(x) * 2


class Pair(nn.Module):
    def forward(self, x, y):
        return x + y, x - y


class Twice(nn.Module):
    def __init__(self, inner):
        super().__init__()
        self.inner = inner
        self.out = nn.Linear(3, 2)

    def forward(self, x):
        return self.out(self.inner(self.inner(x)))


class UsePair(nn.Module):
    def __init__(self, pair):
        super().__init__()
        self.add_module("pair", pair)

    def forward(self, x):
        s, d = self.pair(x, x * 3)
        return s * d


class WithGate(nn.Module):
    def __init__(self, gate):
        super().__init__()
        self.gate = gate
        self.lin = nn.Linear(3, 3)

    def forward(self, x):
        return torch.relu(self.gate(self.lin(x)))


torch.manual_seed(0)
x = torch.rand(2, 3)
traced = torch.jit.trace(Scale(), (x,))
twice = Twice(traced)
print([n for n, _ in twice.named_children()], list(twice.state_dict().keys()))
print(twice)
st = torch.jit.script(twice)
print(st)
print(st.code)
print(torch.allclose(st(x), twice(x)))
st.eval()
print(st.training, st.inner.training, twice.inner.training)

pair = torch.jit.trace(Pair(), (x, x))
up = UsePair(pair)
sp = torch.jit.script(up)
print(sp.code)
print(torch.allclose(sp(x), up(x)))

gate = torch.jit.script(Gate())
wg = WithGate(gate)
print([n for n, _ in wg.named_children()])
print(wg)
tg = torch.jit.trace(wg, (x,))
print(tg.code)
print(tg)
print(torch.allclose(tg(x), wg(x)), torch.allclose(tg(-x), wg(-x)))
