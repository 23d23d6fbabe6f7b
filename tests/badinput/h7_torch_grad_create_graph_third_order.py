# badinput: third derivative through create_graph
# expect-exit: 0
# expect-stdout: 32.0 48.0 48.0
import torch
x = torch.tensor(2.0, requires_grad=True)
y = x ** 4
g1, = torch.autograd.grad(y, x, create_graph=True)
g2, = torch.autograd.grad(g1, x, create_graph=True)
g3, = torch.autograd.grad(g2, x)
print(g1.item(), g2.item(), g3.item())
