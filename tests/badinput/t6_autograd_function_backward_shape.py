# badinput: autograd function backward shape (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: Function FBackward returned an invalid gradient at index 0 - got [5] but expected shape compatible with [3]
import torch
class F(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2
    @staticmethod
    def backward(ctx, g):
        return torch.ones(5)
x = torch.ones(3, requires_grad=True)
F.apply(x).sum().backward()
