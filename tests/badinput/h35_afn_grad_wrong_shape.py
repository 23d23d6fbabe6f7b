# badinput: an autograd.Function whose backward returns a grad of the wrong shape
# expect-exit: 1
# expect-stderr: RuntimeError: Function FBackward returned an invalid gradient at index 0 - got [5] but expected shape compatible with [2]
import torch
class F(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        return a * 2
    @staticmethod
    def backward(ctx, g):
        return torch.ones(5)
x = torch.ones(2, requires_grad=True)
F.apply(x).sum().backward()
