# badinput: save_for_backward of an int
# expect-exit: 1
# expect-stderr: TypeError: save_for_backward can only save variables, but argument 0 is of type int
import torch
import torch.nn as nn
import torch.nn.functional as F
class F1(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(3)
        return a * 2
    @staticmethod
    def backward(ctx, g):
        return g * 2
F1.apply(torch.randn(2, requires_grad=True))
