# badinput: an input saved by an autograd.Function modified in place before backward
# expect-exit: 1
# expect-stderr: one of the variables needed for gradient computation has been modified by an inplace operation
import torch
class F(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a)
        return a.clone()
    @staticmethod
    def backward(ctx, g):
        a, = ctx.saved_tensors
        return g * a
x = torch.ones(2, requires_grad=True)
y = x * 1
z = F.apply(y)
y.add_(1)
z.sum().backward()
