# badinput: save_for_backward of an int
# expect-exit: 1
# expect-stderr: TypeError: save_for_backward can only save variables, but argument 1 is of type int
import torch
import torch.nn as nn
import torch.nn.functional as F
class F1(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x, 3)
        return x*2
    @staticmethod
    def backward(ctx, g): return g
x=torch.ones(2,requires_grad=True)
F1.apply(x)
