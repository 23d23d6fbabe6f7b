import torch
import torch.nn as nn
import torch.fx

# How FX names nodes and placeholders (snake case, _1/_2 for repeats, never a builtin or keyword),
# concrete_args specialization, @torch.fx.wrap'd functions kept as call_function nodes, and
# get_attr nodes for tensors that are not parameters.


@torch.fx.wrap
def clamp_sum(t, lo):
    return int(t.sum()) if lo > 100 else t.clamp(min=lo)


class Naming(nn.Module):
    def __init__(self):
        super().__init__()
        self.subBlock = nn.ReLU()
        self.register_buffer("runningMean", torch.tensor([1.0, 2.0]))

    def forward(self, input, print, flag):
        a = input + print
        b = a + 1
        c = torch.max(b) + torch.min(a) + torch.abs(a).sum()
        d = self.subBlock(c) * self.runningMean
        e = clamp_sum(d, 0.5)
        if flag:
            e = e * 2
        return e + torch.tensor([10.0, 20.0]), e[0], e[:1]


gm = torch.fx.symbolic_trace(Naming(), concrete_args={"flag": True})
print(gm.graph)
print(gm.code)
print([n.name for n in gm.graph.nodes])
print([(n.op, n.target) for n in gm.graph.nodes if n.op in ("placeholder", "get_attr")])
x = torch.tensor([1.0, -3.0])
y = torch.tensor([0.5, 0.5])
print(gm(x, y, True))
print(torch.equal(gm(x, y, True)[0], Naming()(x, y, True)[0]))
try:
    torch.fx.symbolic_trace(Naming())
except Exception as e:
    print(type(e).__name__, e)


def tail(x):
    return torch.relu(x), torch.relu(x), torch.relu(x).relu()


print([n.name for n in torch.fx.symbolic_trace(tail).graph.nodes])
try:
    torch.fx.wrap(3)
except Exception as e:
    print(type(e).__name__, e)

torch.fx.wrap("len")


def uses_len(x):
    return x * len(x) + len([1, 2])


lg = torch.fx.symbolic_trace(uses_len)
print(lg.code)
print(lg(torch.ones(3)), len("abcd"))
