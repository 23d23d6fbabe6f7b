# badinput: a compiled function raising KeyError
# expect-exit: 1
# expect-stderr: KeyError: 'inside'
import torch
@torch.compile
def f(x):
    raise KeyError("inside")
f(torch.ones(2))
