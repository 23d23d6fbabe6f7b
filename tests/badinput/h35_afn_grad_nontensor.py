# badinput: an autograd.Function whose backward returns a str
# expect-exit: 1
# expect-stderr: TypeError: expected Variable or None (got str)
import torch
class F(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        return a * 2
    @staticmethod
    def backward(ctx, g):
        return "grad"
x = torch.ones(2, requires_grad=True)
F.apply(x).sum().backward()
