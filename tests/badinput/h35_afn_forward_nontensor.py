# badinput: an autograd.Function whose forward returns an int (passed through)
# expect-exit: 0
# expect-stdout: 5
import torch
class F(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        return 5
    @staticmethod
    def backward(ctx, g):
        return g
x = torch.ones(2, requires_grad=True)
print(F.apply(x))
