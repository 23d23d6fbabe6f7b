# badinput: jit.script of a list of int and str
# expect-exit: 1
import torch
import torch.nn as nn
import torch.nn.functional as F
@torch.jit.script
def f():
    return [1, 'a']
