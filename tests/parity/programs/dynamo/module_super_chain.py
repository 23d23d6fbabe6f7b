import torch
import torch.nn as nn
import torch._dynamo

# super() inside compiled forwards: zero-argument and two-argument forms along a diamond of
# nn.Module subclasses, each level adding its own op; explain() shows one graph with every op.


class Base(nn.Module):
    def forward(self, x):
        return x - 1


class Left(Base):
    def forward(self, x):
        return super().forward(x) * 2


class Right(Base):
    def forward(self, x):
        return super().forward(x) + 10


class Diamond(Left, Right):
    def forward(self, x):
        y = super().forward(x)
        z = super(Left, self).forward(x)
        return torch.cat([y, z])


calls = []


def counting(gm, example_inputs):
    calls.append([n.target.__name__ for n in gm.graph.nodes if n.op == "call_function"])
    return gm.forward


m = Diamond()
x = torch.tensor([1.0, 2.0, 3.0])
print([c.__name__ for c in Diamond.__mro__])
print(m(x))
out = torch.compile(m, backend=counting)(x)
print(out, torch.equal(out, m(x)))
print(len(calls), calls)
torch._dynamo.reset()
e = torch._dynamo.explain(m)(x)
print(e.graph_count, e.graph_break_count, e.op_count)
