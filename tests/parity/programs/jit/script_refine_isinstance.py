import os, torch
from typing import List, Optional
# Refinements as PyTorch's emitter inserts them (insertRefinements: a read, a prim::unchecked_cast,
# a store in the branch), so a refined variable is an output of the If it was refined in, also
# for if-expressions and `and`/`or` (emitIfExpr's branches). isinstance refines both ways (the
# Optional's element when true, NoneType when false); `is not None` only one way. Graphs, code and
# results for several shapes.
HERE = os.path.dirname(os.path.abspath(__file__)) + os.sep


def show(fn):
    print(str(fn.graph).replace(HERE, ""))
    print(fn.code)


@torch.jit.script
def isinstance_else(x, m: Optional[torch.Tensor]):
    if isinstance(m, torch.Tensor):
        y = x + m
    else:
        y = x * 2
    return y


@torch.jit.script
def not_isinstance(x, m: Optional[torch.Tensor]):
    if not isinstance(m, torch.Tensor):
        return x
    return x - m


@torch.jit.script
def ifexp_refine(x, k: Optional[int]):
    n = k if k is not None else 3
    y = x * 2 if isinstance(k, int) else x
    return y + n


@torch.jit.script
def or_refine(x, m: Optional[torch.Tensor]):
    if m is None or m.sum() > 1:
        return x
    return x + m


@torch.jit.script
def and_chain(x, a: Optional[int], b: Optional[int]):
    if a is not None and b is not None and a > b:
        return x * a
    return x


for fn in [isinstance_else, not_isinstance, ifexp_refine, or_refine, and_chain]:
    show(fn)

x = torch.arange(3.0)
print(isinstance_else(x, None), isinstance_else(x, x))
print(not_isinstance(x, None), not_isinstance(x, x))
print(ifexp_refine(x, None), ifexp_refine(x, 5))
print(or_refine(x, None), or_refine(x, x), or_refine(x, -x))
print(and_chain(x, 3, 1), and_chain(x, None, 1), and_chain(x, 1, 3))
