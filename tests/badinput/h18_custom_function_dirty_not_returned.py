# badinput: autograd.Function marks an input dirty, changes it in place, and returns a clone instead
# expect-exit: 1
# expect-stderr: RuntimeError: Some elements marked as dirty during the forward method were not returned as output. The inputs that are modified inplace must all be outputs of the Function.
import torch
class F(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        x.mul_(2)
        ctx.mark_dirty(x)
        return x.clone()
    @staticmethod
    def backward(ctx, g):
        return g
F.apply(torch.ones(2, requires_grad=True).clone())
