# badinput: a tensor hook that mutates the gradient in place and returns None
# expect-exit: 0
# expect-stdout: tensor([0., 0., 0.])
import torch
x = torch.ones(3, requires_grad=True)
def hook(g):
    g.mul_(0)
x.register_hook(hook)
(x * 2).sum().backward()
print(x.grad)
