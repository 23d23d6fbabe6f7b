# badinput: calling an autograd.Function instance (legacy style)
# expect-exit: 1
# expect-stderr: RuntimeError: Legacy autograd function with non-static forward method is deprecated. Please use new-style autograd function with static forward method. (Example: https://pytorch.org/docs/stable/autograd.html#torch.autograd.Function)
import torch
class F(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        return a * 2
F()(torch.ones(2))
