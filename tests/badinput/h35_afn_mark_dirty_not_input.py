# badinput: ctx.mark_dirty of a tensor that is not an input
# expect-exit: 1
# expect-stderr: RuntimeError: mark_dirty only accepts input tensors, but argument 0 isn't one
import torch
class F(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        b = a * 2
        ctx.mark_dirty(b)
        return b
    @staticmethod
    def backward(ctx, g):
        return g
F.apply(torch.ones(2, requires_grad=True))
