# badinput: jit.script of a function reading a global list (not a constant TorchScript can capture)
# expect-exit: 1
import torch
import torch.nn as nn
import torch.nn.functional as F
L = [1, 2]
@torch.jit.script
def f():
    return L[0]
