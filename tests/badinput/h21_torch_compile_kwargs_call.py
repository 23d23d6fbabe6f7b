# badinput: compiled function called with an unexpected keyword
# expect-exit: 1
# expect-stderr: TypeError: f() got an unexpected keyword argument 'y'
import torch
import torch.nn as nn
import torch.nn.functional as F
@torch.compile
def f(x):
    return x + 1
f(torch.ones(1), y=2)
