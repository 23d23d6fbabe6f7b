# badinput: jit.script with returns of different types
# expect-exit: 1
import torch
import torch.nn as nn
import torch.nn.functional as F
@torch.jit.script
def f(x: int):
    if x > 0:
        return 1
    return 'a'
