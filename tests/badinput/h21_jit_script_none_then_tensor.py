# badinput: jit.script: a None variable given a Tensor in a branch
# expect-exit: 1
# expect-stderr: return y
import torch
import torch.nn as nn
import torch.nn.functional as F
@torch.jit.script
def f(x: torch.Tensor, c: bool):
    y = None
    if c:
        y = x * 2
    return y
