# torch.fx on modules whose forward has type annotations (as most modern model code does): the
# placeholders take the parameter annotations and the generated code prints them with the return
# annotation; PEP 604 unions and PEP 585 aliases appear as written; inspect.signature shows them.
import inspect
from typing import Optional, List

import torch
import torch.nn as nn
from torch import Tensor


class Block(nn.Module):
    def __init__(self, d: int) -> None:
        super().__init__()
        self.fc = nn.Linear(d, d)

    def forward(self, x: Tensor, scale: float = 2.0) -> Tensor:
        return torch.relu(self.fc(x)) * scale


class Net(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.block = Block(3)
        self.norm = nn.LayerNorm(3)

    def forward(self, x: torch.Tensor, bias: Optional[torch.Tensor] = None) -> torch.Tensor:
        return self.norm(self.block(x))


torch.manual_seed(0)
net = Net()
gm = torch.fx.symbolic_trace(net)
print(gm.code.strip())
print([(n.name, n.type) for n in gm.graph.nodes if n.op in ("placeholder", "output")])
print(inspect.signature(Net.forward))
print(Block.forward.__annotations__)
x = torch.randn(2, 3)
print(torch.allclose(gm(x), net(x)))


def pairwise(a: Tensor, b: Tensor | None = None) -> tuple[Tensor, Tensor]:
    return a + 1, a * 2


g = torch.fx.symbolic_trace(pairwise)
print(g.code.strip())
print(pairwise.__annotations__)


def lengths(xs: List[Tensor]) -> list[int]:
    return [t.shape[0] for t in xs]


print(inspect.signature(lengths), lengths([torch.ones(2), torch.ones(5)]))
