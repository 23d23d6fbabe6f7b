# badinput: an autograd.Function without backward, backpropagated
# expect-exit: 1
# expect-stderr: NotImplementedError: You must implement either the backward or vjp method for your custom autograd.Function to use it with backward mode AD.
import torch
class F(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        return a * 2
x = torch.ones(2, requires_grad=True)
F.apply(x).sum().backward()
