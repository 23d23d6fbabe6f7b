# What recompiles, after the troubleshooting page's "recompilation" section and the FAQ: a new dtype, a
# changed requires_grad, a changed global, a module switched to eval(), grad mode, a changed size (made
# dynamic once), and the recompile limit (config.recompile_limit) after which the frame runs eagerly.
# Each call prints the running number of compiled graphs (a recording backend) and
# torch._dynamo.utils.counters' frame counts.
import torch
import torch.nn as nn
import torch._dynamo
from torch._dynamo.utils import counters

graphs = []


def rec(gm, example_inputs):
    graphs.append([type(t).__name__ for t in example_inputs])
    return gm.forward


scale = 2.0


def f(x):
    return x * scale + 1


torch._dynamo.reset()
counters.clear()
cf = torch.compile(f, backend=rec)
steps = [
    ("first", lambda: cf(torch.ones(3))),
    ("same", lambda: cf(torch.zeros(3))),
    ("float64", lambda: cf(torch.ones(3, dtype=torch.float64))),
    ("requires_grad", lambda: cf(torch.ones(3, requires_grad=True))),
    ("size 4", lambda: cf(torch.ones(4))),
    ("size 5", lambda: cf(torch.ones(5))),
]
for label, call in steps:
    call()
    print(label, len(graphs))
scale = 3.0
cf(torch.ones(3))
print("global changed", len(graphs))
with torch.no_grad():
    cf(torch.ones(3))
print("no_grad", len(graphs))
print("frames", dict(counters["frames"]))
print(graphs)


class Drop(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.drop = nn.Dropout(0.5)

    def forward(self, x):
        return self.drop(self.lin(x))


torch.manual_seed(0)
m = Drop()
graphs.clear()
torch._dynamo.reset()
cm = torch.compile(m, backend=rec)
cm(torch.ones(2, 4))
print("train", len(graphs))
m.eval()
r = cm(torch.ones(2, 4))
print("eval", len(graphs), torch.allclose(r, m(torch.ones(2, 4))))
cm(torch.ones(2, 4))
print("eval again", len(graphs))


def g(x, k):
    return x + k


torch._dynamo.reset()
graphs.clear()
torch._dynamo.config.recompile_limit = 3
cg = torch.compile(g, backend=rec, dynamic=False)
for k in range(6):
    print(k, cg(torch.zeros(1), float(k) + 0.5).tolist(), len(graphs))
torch._dynamo.config.recompile_limit = 8
