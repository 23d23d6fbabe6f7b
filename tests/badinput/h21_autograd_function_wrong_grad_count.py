# badinput: custom Function backward returning too few gradients
# expect-exit: 1
# expect-stderr: RuntimeError: function MulBackward returned an incorrect number of gradients (expected 2, got 1)
import torch
import torch.nn as nn
import torch.nn.functional as F
class Mul(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return a * b
    @staticmethod
    def backward(ctx, g):
        a, b = ctx.saved_tensors
        return g * b
x=torch.randn(3,requires_grad=True)
y=torch.randn(3,requires_grad=True)
Mul.apply(x,y).sum().backward()
