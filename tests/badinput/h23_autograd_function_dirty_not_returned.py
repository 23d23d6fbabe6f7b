# badinput: mark_dirty on an input not returned
# expect-exit: 1
# expect-stderr: RuntimeError: Some elements marked as dirty during the forward method were not returned as output.
import torch
import torch.nn as nn
import torch.nn.functional as F
class F1(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.mark_dirty(x)
        return x*2
    @staticmethod
    def backward(ctx, g): return g
x=torch.ones(2,requires_grad=True)
print(F1.apply(x.clone()))
