# torch.jit.freeze of traced modules (a traced module is a ScriptModule whose forward is the traced
# graph): parameters and buffers become constants of the frozen graph, the training-mode refusal,
# preserved attributes, a traced module held by a scripted one, and results against eager.
import torch
import torch.nn as nn

torch.manual_seed(0)


def kinds(mod):
    return [n.kind() for n in mod.graph.nodes() if n.kind() != "prim::Constant"]


x = torch.randn(2, 3, 6, 6)
conv = nn.Sequential(nn.Conv2d(3, 4, 3), nn.BatchNorm2d(4), nn.ReLU(), nn.Flatten(), nn.Linear(64, 2)).eval()
frozen = torch.jit.freeze(torch.jit.trace(conv, x))
print(type(frozen).__name__, frozen.original_name, kinds(frozen))
print("same", torch.allclose(frozen(x), conv(x), atol=1e-5))
print("params left", len(list(frozen.parameters())), "buffers left", len(list(frozen.buffers())))

mlp = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1))
traced = torch.jit.trace(mlp, torch.ones(3, 4))
try:
    torch.jit.freeze(traced)
except Exception as e:
    print(type(e).__name__, e)
print("still training", traced.training)
traced.eval()
frozen = torch.jit.freeze(traced)
print(kinds(frozen), torch.allclose(frozen(torch.ones(3, 4)), mlp(torch.ones(3, 4))))


class Scaled(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.scale = nn.Parameter(torch.tensor(2.0))

    def forward(self, x):
        return self.lin(x) * self.scale


s = Scaled().eval()
frozen = torch.jit.freeze(torch.jit.trace(s, torch.ones(2, 4)), preserved_attrs=["scale"])
print(kinds(frozen), hasattr(frozen, "scale"), torch.allclose(frozen(torch.ones(2, 4)), s(torch.ones(2, 4))))


class Holder(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = torch.jit.trace(nn.Linear(4, 2), torch.ones(1, 4))

    def forward(self, x):
        return self.inner(x).relu()


h = Holder().eval()
frozen = torch.jit.freeze(torch.jit.script(h))
print(kinds(frozen), torch.allclose(frozen(torch.ones(3, 4)), h(torch.ones(3, 4))))
