# badinput: an autograd.Function whose backward returns int64 grads (cast to the input's dtype)
# expect-exit: 0
# expect-stdout: tensor([1., 1.])
import torch
class F(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        return a * 2
    @staticmethod
    def backward(ctx, g):
        return torch.ones(2, dtype=torch.int64)
x = torch.ones(2, requires_grad=True)
F.apply(x).sum().backward()
print(x.grad)
