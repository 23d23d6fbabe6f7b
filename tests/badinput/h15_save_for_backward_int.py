# badinput: ctx.save_for_backward given an int: 'save_for_backward can only save variables, but argument 1 is of type int'
# expect-exit: 1
# expect-stderr: TypeError: save_for_backward can only save variables, but argument 1 is of type int
import torch
class F(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x, 5)
        return x * 2
    @staticmethod
    def backward(ctx, g):
        return g * 2
F.apply(torch.ones(2, requires_grad=True))
