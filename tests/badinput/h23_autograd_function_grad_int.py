# badinput: backward returning an int
# expect-exit: 1
# expect-stderr: TypeError: expected Variable or None (got int)
import torch
import torch.nn as nn
import torch.nn.functional as F
class F1(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x): return x*2
    @staticmethod
    def backward(ctx, g): return 5
x=torch.ones(2,requires_grad=True)
F1.apply(x).sum().backward()
