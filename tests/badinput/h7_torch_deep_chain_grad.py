# badinput: torch.autograd.grad through a 30,000-op chain
# expect-exit: 0
# expect-stdout: tensor([1.])
import torch
x = torch.ones(1, requires_grad=True)
y = x
for i in range(30000):
    y = y * 1.0
g, = torch.autograd.grad(y.sum(), x)
print(g)
