# badinput: ctx.save_for_backward of an int
# expect-exit: 1
# expect-stderr: TypeError: save_for_backward can only save variables, but argument 1 is of type int
import torch
class F(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a, 5)
        return a * 2
    @staticmethod
    def backward(ctx, g):
        return g
F.apply(torch.ones(2, requires_grad=True))
