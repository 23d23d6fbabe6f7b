import os, torch
from typing import List
# Unpacking a list into several targets: TorchScript's emitter passes the number of targets as the
# list's size hint, so `a, b = x.split([2, 2])`, `q, k, v = w.chunk(3)` and `n, c = x.shape` become
# one prim::ListUnpack; a list of another length fails when the graph runs.
HERE = os.path.dirname(os.path.abspath(__file__)) + os.sep


@torch.jit.script
def halves(x):
    a, b = x.split([2, 2])
    return a * 2 + b


@torch.jit.script
def three_way(w):
    q, k, v = w.chunk(3)
    rows, cols = w.shape
    return q + k - v, rows * cols


@torch.jit.script
def pair_of(xs: List[int]):
    first, second = xs
    return first - second


x = torch.arange(4.0)
print(halves(x).tolist())
print(str(halves.graph).replace(HERE, ""))
out, n = three_way(torch.arange(6.0).reshape(3, 2))
print(out.tolist(), n)
print(three_way.code)
print(pair_of([7, 3]))
print(pair_of.code)
try:
    pair_of([1, 2, 3])
except Exception as e:
    print(type(e).__name__)
