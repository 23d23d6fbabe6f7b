# badinput: backward returning fewer grads than inputs
# expect-exit: 1
# expect-stderr: RuntimeError: function F1Backward returned an incorrect number of gradients (expected 2, got 1)
import torch
import torch.nn as nn
import torch.nn.functional as F
class F1(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, y): return x*y
    @staticmethod
    def backward(ctx, g): return g
x=torch.ones(2,requires_grad=True)
F1.apply(x, x).sum().backward()
