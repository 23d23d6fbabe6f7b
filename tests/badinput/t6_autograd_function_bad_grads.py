# badinput: autograd function bad grads (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
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
x = torch.ones(3, requires_grad=True)
F.apply(x).sum().backward()
