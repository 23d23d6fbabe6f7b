# badinput: a scripted function called without its argument
# expect-exit: 1
# expect-stderr: RuntimeError: f() is missing value for argument 'x'. Declaration: f(Tensor x) -> Tensor
import torch
import torch.nn as nn
import torch.nn.functional as F
@torch.jit.script
def f(x: torch.Tensor):
    return x + 1
f()
