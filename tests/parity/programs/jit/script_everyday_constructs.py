import math, os, torch
from typing import List, Optional, Tuple
# Constructs that everyday model code puts in scripted functions, each compiled as PyTorch's
# frontend compiles it: f-strings and str.format (aten::format), math.* (aten::sqrt.int, floor ->
# int, math.pi a constant), slices of lists, strings and tuples, a named tuple's .values/.indices,
# float("-inf") (folded by the cleanup's constant propagation), isinstance (static or
# prim::isinstance refining an Optional), loops over enumerate()/zip() (IterableTree: prim::min of
# the lengths), list methods and the builtins min/max/sum/any/all. Graphs, code and results.
HERE = os.path.dirname(os.path.abspath(__file__)) + os.sep


def show(fn):
    print(str(fn.graph).replace(HERE, ""))
    print(fn.code)


@torch.jit.script
def attention_scale(q, k, mask: Optional[torch.Tensor] = None):
    scale = 1.0 / math.sqrt(q.size(-1))
    scores = torch.matmul(q, k.transpose(-2, -1)) * scale
    if isinstance(mask, torch.Tensor):
        scores = scores.masked_fill(mask == 0, float("-inf"))
    best = scores.max(dim=-1).values
    return scores.softmax(dim=-1), best


@torch.jit.script
def describe(x, name: str, sizes: List[int]) -> str:
    if x.dim() != len(sizes):
        raise ValueError(f"{name}: expected {len(sizes)} dims, got {x.dim()}")
    head = sizes[:-1]
    return "{} {} {}".format(name[1:], head, math.floor(math.pi * len(sizes)))


@torch.jit.script
def weighted(xs: List[torch.Tensor], ws: List[float]):
    out = torch.zeros(2)
    for i, (x, w) in enumerate(zip(xs, ws)):
        out = out + x * w * (i + 1)
    return out


@torch.jit.script
def list_work(xs: List[int], t: Tuple[int, str, float]):
    ys = xs.copy()
    ys.insert(0, max(xs))
    ys.extend(xs[::-1])
    ys.sort()
    last = ys.pop()
    return ys, last, sum(ys), min(len(ys), 3), any([v > 4 for v in ys]), t[1:]


for fn in [attention_scale, describe, weighted, list_work]:
    show(fn)

torch.manual_seed(0)
q, k = torch.randn(2, 3), torch.randn(2, 3)
mask = torch.tensor([[1, 0], [1, 1]])
for m in [None, mask]:
    p, best = attention_scale(q, k, m)
    print(p.round(decimals=4), best.round(decimals=4))
print(describe(torch.ones(2, 3), "xinput", [2, 3]))
try:
    describe(torch.ones(2), "bad", [2, 3])
except Exception as e:
    print(str(e).replace(HERE, "").splitlines()[-1])
print(weighted([torch.ones(2), torch.ones(2) * 2, torch.ones(2)], [0.5, 2.0]))
print(list_work([3, 9, 4], (1, "a", 2.5)))
