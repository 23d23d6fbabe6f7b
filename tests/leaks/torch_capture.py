# badinput: torch.jit.trace / script, torch.compile (recompiles, graph breaks) and torch.fx: the caches they keep alive at exit
# expect-exit: 0
# expect-stdout: done
import torch
import torch.nn as nn
torch.manual_seed(0)
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.l = nn.Linear(3, 3)
    def forward(self, x):
        return torch.relu(self.l(x))
m = M()
traced = torch.jit.trace(m, torch.randn(2, 3))
@torch.jit.script
def affine(x: torch.Tensor, k: int) -> torch.Tensor:
    for _ in range(k):
        x = x * 2 + 1
    return x
print(affine(torch.ones(2), 2))
def f(x):
    y = x.sin()
    print("break")  # a graph break
    return y + 1
cf = torch.compile(f, backend="eager")
cf(torch.zeros(2)); cf(torch.zeros(3)); cf(torch.zeros(2, 2))
cm = torch.compile(m)
print(cm(torch.ones(1, 3)).shape)
gm = torch.fx.symbolic_trace(m)
print(len(list(gm.graph.nodes)))
print("done")
