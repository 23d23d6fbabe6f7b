# badinput: a custom Function returning its input as-is, then modified in place
# expect-exit: 1
# expect-stderr: This view was created inside a custom Function (or because an input was returned as-is)
# expect-stdout: True FBackward False
import torch
class F(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x
    @staticmethod
    def backward(ctx, g):
        return g
a = torch.ones(2, requires_grad=True)
b = a * 1
y = F.apply(b)
print(y.requires_grad, type(y.grad_fn).__name__, y is b)
y.add_(1)
