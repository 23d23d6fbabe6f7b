# badinput: jit.script: an int variable given a float in a loop
# expect-exit: 1
# expect-stderr: return s
import torch
import torch.nn as nn
import torch.nn.functional as F
@torch.jit.script
def f(n: int):
    s = 0
    for i in range(n):
        s = 0.5
    return s
