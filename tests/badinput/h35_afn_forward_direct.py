# badinput: Function.forward called directly with ctx None (works)
# expect-exit: 0
# expect-stdout: tensor([2., 2.])
import torch
class F(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        return a * 2
print(F.forward(None, torch.ones(2)))
