# badinput: a parameter in two optimizer groups
# expect-exit: 1
# expect-stderr: ValueError: some parameters appear in more than one parameter group
import torch
w = torch.randn(3, requires_grad=True)
opt = torch.optim.SGD([{"params": [w]}, {"params": [w]}], lr=0.1)
