# badinput: a custom Function whose backward returns two gradients for one input: 'function FBackward returned an incorrect number of gradients (expected 1, got 2)'
# expect-exit: 1
# expect-stderr: RuntimeError: function FBackward returned an incorrect number of gradients (expected 1, got 2)
import torch
class F(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2
    @staticmethod
    def backward(ctx, g):
        return g, g
F.apply(torch.ones(2, requires_grad=True)).sum().backward()
