# badinput: backward returning a grad of the wrong shape
# expect-exit: 1
# expect-stderr: RuntimeError: Function F1Backward returned an invalid gradient at index 0 - got [5] but expected shape compatible with [2]
import torch
import torch.nn as nn
import torch.nn.functional as F
class F1(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x): return x*2
    @staticmethod
    def backward(ctx, g): return torch.ones(5)
x=torch.ones(2,requires_grad=True)
F1.apply(x).sum().backward()
