# badinput: calling an instance of an autograd.Function
# expect-exit: 1
# expect-stderr: RuntimeError: Legacy autograd function with non-static forward method is deprecated.
import torch
import torch.nn as nn
import torch.nn.functional as F
class F1(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x): return x*2
    @staticmethod
    def backward(ctx, g): return g*2
x=torch.ones(2,requires_grad=True)
print(F1()(x))
