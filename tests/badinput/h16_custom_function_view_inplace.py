# badinput: in-place on a view returned by a custom autograd.Function
# expect-exit: 1
# expect-stderr: RuntimeError: Output 0 of FBackward is a view and is being modified inplace. This view was created inside a custom Function
# expect-stdout: True FBackward True
import torch
class F(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.view(-1)
    @staticmethod
    def backward(ctx, g):
        return g.view(2, 2)
a = torch.ones(2, 2, requires_grad=True)
y = F.apply(a)
print(y.requires_grad, type(y.grad_fn).__name__, y._is_view())
y.add_(1)
