# badinput: PyTorch misuse: autograd function no staticmethod
# expect-exit: 1
# expect-stderr: RuntimeError: Legacy autograd function with non-static forward method is deprecated. Please use new-style autograd funct
import torch
class F(torch.autograd.Function):
    def forward(ctx, x):
        return x * 2
    def backward(ctx, g):
        return g * 2
F()(torch.zeros(2))
