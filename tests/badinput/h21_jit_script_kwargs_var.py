# badinput: jit.script of a function with **kwargs
# expect-exit: 1
import torch
import torch.nn as nn
import torch.nn.functional as F
@torch.jit.script
def f(**kw):
    return 1
