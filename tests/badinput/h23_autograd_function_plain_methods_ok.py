# badinput: forward/backward without @staticmethod still work through apply
# expect-exit: 0
# expect-stdout: tensor([2., 2.], grad_fn=<F1Backward>)
import torch
import torch.nn as nn
import torch.nn.functional as F
class F1(torch.autograd.Function):
    def forward(ctx, x): return x*2
    def backward(ctx, g): return g*2
x=torch.ones(2,requires_grad=True)
print(F1.apply(x))
