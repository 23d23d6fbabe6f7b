# badinput: a scripted function called with a list
# expect-exit: 1
# expect-stderr: Declaration: f(Tensor x) -> Tensor
import torch
import torch.nn as nn
import torch.nn.functional as F
@torch.jit.script
def f(x):
    return x + 1
f([1, 2])
