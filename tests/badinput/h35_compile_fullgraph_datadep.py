# badinput: fullgraph compile of a data-dependent branch
# expect-exit: 1
# expect-stderr-has: Data-dependent branching
import torch
@torch.compile(fullgraph=True)
def f(x):
    if x.sum() > 0:
        return x
    return -x
f(torch.ones(2))
