# badinput: an autograd.Function returning three grads for one input
# expect-exit: 1
# expect-stderr: RuntimeError: function FBackward returned an incorrect number of gradients (expected 1, got 3)
import torch
class F(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        return a * 2
    @staticmethod
    def backward(ctx, g):
        return g, g, g
x = torch.ones(2, requires_grad=True)
F.apply(x).sum().backward()
