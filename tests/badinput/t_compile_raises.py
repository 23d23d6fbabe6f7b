# badinput: t compile raises (issue 31 sweep)
# expect-exit: 1
# expect-stderr: ValueError: in compiled
import torch
@torch.compile
def f(x):
    raise ValueError('in compiled')
f(torch.ones(1))
