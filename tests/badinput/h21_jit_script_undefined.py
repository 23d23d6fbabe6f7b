# badinput: jit.script of a function using an undefined name
# expect-exit: 1
import torch
import torch.nn as nn
import torch.nn.functional as F
@torch.jit.script
def f(x):
    return foo(x)
