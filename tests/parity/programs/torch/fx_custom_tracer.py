import torch
import torch.nn as nn
from torch.fx import symbolic_trace, Tracer, Graph, GraphModule, Node

# Tracer subclasses: is_leaf_module decides call_module vs tracing through a layer, create_node can
# annotate every node, trace() returns a Graph that GraphModule turns back into a module.


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 2)
        self.relu = nn.ReLU()
        self.seq = nn.Sequential(nn.Tanh(), nn.LeakyReLU(0.5))

    def forward(self, x):
        return self.seq(self.relu(self.lin(x)))


class LowerAll(Tracer):
    def is_leaf_module(self, m, qualname):
        if isinstance(m, (nn.ReLU, nn.Linear)):
            return False
        return super().is_leaf_module(m, qualname)


class Tagging(Tracer):
    def create_node(self, kind, target, args, kwargs, name=None, type_expr=None):
        n = super().create_node(kind, target, args, kwargs, name)
        n.tag = "t_" + kind
        return n


b = Block()
with torch.no_grad():
    b.lin.weight.copy_(torch.tensor([[1.0, -2.0], [0.5, 1.0]]))
    b.lin.bias.copy_(torch.tensor([0.25, -0.25]))

print(symbolic_trace(b).graph)
g = LowerAll().trace(b)
print(isinstance(g, Graph))
print(g)
gm = GraphModule(b, g)
print(gm.code)
x = torch.tensor([[1.0, 0.5], [-2.0, 3.0]])
print(torch.allclose(gm(x), b(x)), gm(x).shape)
print(sorted(name for name, _ in gm.named_parameters()))

tg = Tagging().trace(b)
print([(n.name, n.tag) for n in tg.nodes])
print(all(isinstance(n, Node) and hasattr(n, "tag") for n in tg.nodes))


def fn(a, b):
    return torch.relu(a) * b + 1


fg = Tracer().trace(fn)
print(fg)
fgm = GraphModule(torch.nn.Module(), fg)
print(fgm(torch.tensor([-1.0, 2.0]), torch.tensor([3.0, 4.0])))
print(type(fgm).__name__, type(symbolic_trace(fn)).__name__)
