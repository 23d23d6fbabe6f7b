import os, torch
from typing import Optional, List
# `x is None` / `x is not None` on an Optional variable refines it in one branch: the variable is
# read, cast (prim::unchecked_cast) and assigned again there, so it is an output of the If (of the
# Optional type) when read after it, and the code printer annotates a single Optional target where
# it is first assigned. The refinements pass through `and`, `or`, `not` and conditional expressions.
# Several shapes, with graphs, code and results.
HERE = os.path.dirname(os.path.abspath(__file__)) + os.sep


def show(fn):
    print(str(fn.graph).replace(HERE, ""))
    print(fn.code)


@torch.jit.script
def default_scale(x, scale: Optional[float]):
    if scale is None:
        scale = 2.0
    return x * scale


@torch.jit.script
def maybe_add(x, y: Optional[torch.Tensor]):
    if y is not None:
        x = x + y
    return x, y


@torch.jit.script
def pick(xs: List[int], k: Optional[int]) -> Optional[int]:
    r: Optional[int] = None
    if k is not None:
        if k < len(xs):
            r = xs[k]
    return r


@torch.jit.script
def unused_refine(x, t: Optional[int]):
    s = 0
    if t is None:
        s = 1
    else:
        s = t + 1
    return x + s


@torch.jit.script
def through_bool_ops(x, mask: Optional[torch.Tensor], k: Optional[int]):
    if mask is not None and mask.dim() == 1:
        x = x * mask
    if mask is None or mask.sum() > 0:
        x = x + 1
    if not (k is None):
        x = x * k
    y = 0 if k is None else k
    return x + y


for fn in [default_scale, maybe_add, pick, unused_refine, through_bool_ops]:
    show(fn)

x = torch.arange(3.0)
print(default_scale(x, None), default_scale(x, 0.5))
print(maybe_add(x, None), maybe_add(x, x))
print(pick([4, 5], 1), pick([4, 5], 7), pick([4, 5], None))
print(unused_refine(x, None), unused_refine(x, 4))
print(through_bool_ops(x, None, None), through_bool_ops(x, x, 2), through_bool_ops(x, -x, None))
