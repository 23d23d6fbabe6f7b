import torch
import torch.fx
from torch.fx import symbolic_trace, replace_pattern

# subgraph_rewriter.replace_pattern: every non-overlapping match of the pattern's data dependencies
# (not its names) is replaced by the replacement's graph; the matches are returned.


class M(torch.nn.Module):
    def forward(self, x, w1, w2):
        val1 = torch.neg(w1)
        m1 = torch.cat([val1, w2]).sum()
        val2 = torch.neg(w1)
        m2 = torch.cat([val2, w2]).sum()
        other = torch.cat([w2, w1]).sum()
        return x + torch.max(m1) + torch.max(m2) + other


def pattern(a1, a2):
    val1 = torch.neg(a1)
    return torch.cat([val1, a2]).sum()


def replacement(w1, w2):
    return torch.stack([w1, w2])


traced = symbolic_trace(M())
print(traced.code)
args = (torch.ones(2), torch.tensor([1.0, -2.0]), torch.tensor([3.0, 0.5]))
before = traced(*args)
matches = replace_pattern(traced, pattern, replacement)
print(len(matches), type(matches[0]).__name__)
for m in matches:
    print(m.anchor.name, sorted((k.name, v.name) for k, v in m.nodes_map.items()))
print(traced.code)
print(before, traced(*args))


def pattern2(x):
    return torch.relu(x) + 1


def replacement2(x):
    return torch.sigmoid(x)


def g(a, b):
    return torch.relu(a) + 1, torch.relu(b) + 2, torch.relu(a * b) + 1


tg = symbolic_trace(g)
print(len(replace_pattern(tg, pattern2, replacement2)))
print(tg.code)
tg.graph.lint()
print(tg(torch.tensor([0.0]), torch.tensor([1.0]))[1])
