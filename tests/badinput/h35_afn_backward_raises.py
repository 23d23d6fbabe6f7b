# badinput: an autograd.Function whose backward raises
# expect-exit: 1
# expect-stderr: ValueError: in backward
import torch
class F(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        return a * 2
    @staticmethod
    def backward(ctx, g):
        raise ValueError("in backward")
F.apply(torch.ones(2, requires_grad=True)).sum().backward()
