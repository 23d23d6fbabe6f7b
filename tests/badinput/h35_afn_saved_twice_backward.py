# badinput: backward twice through an autograd.Function's saved tensors
# expect-exit: 1
# expect-stderr: Trying to backward through the graph a second time
import torch
class F(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a)
        return a * 2
    @staticmethod
    def backward(ctx, g):
        a, = ctx.saved_tensors
        return g * a
x = torch.ones(2, requires_grad=True)
y = F.apply(x).sum()
y.backward()
y.backward()
