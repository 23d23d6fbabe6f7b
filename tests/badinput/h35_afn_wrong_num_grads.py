# badinput: an autograd.Function returning one grad for two inputs
# expect-exit: 1
# expect-stderr: RuntimeError: function FBackward returned an incorrect number of gradients (expected 2, got 1)
import torch
class F(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        return a * b
    @staticmethod
    def backward(ctx, g):
        return g
x = torch.ones(2, requires_grad=True)
F.apply(x, x).sum().backward()
