# badinput: jit.script giving a variable another type in a branch
# expect-exit: 1
# expect-stderr: return x
import torch
import torch.nn as nn
import torch.nn.functional as F
@torch.jit.script
def f(c: bool):
    x = 1
    if c:
        x = "a"
    return x
