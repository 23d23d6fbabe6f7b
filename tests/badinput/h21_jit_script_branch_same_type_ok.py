# badinput: jit.script: a branch rebinding a variable to its own type (valid)
# expect-exit: 0
# expect-stdout: tensor([2., 2.])
import torch
import torch.nn as nn
import torch.nn.functional as F
@torch.jit.script
def f(x: torch.Tensor, c: bool):
    y = x
    if c:
        y = x * 2
    return y
print(f(torch.ones(2), True))
