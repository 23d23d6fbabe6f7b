# badinput: an autograd.Function without backward
# expect-exit: 1
# expect-stderr: NotImplementedError: You must implement either the backward or vjp method for your custom autograd.Function to use it with backward mode AD.
import torch
import torch.nn as nn
import torch.nn.functional as F
class F1(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x): return x*2
x=torch.ones(2,requires_grad=True)
F1.apply(x).sum().backward()
