# badinput: PyTorch misuse: optimizer group overlap
# expect-exit: 1
# expect-stderr: ValueError: some parameters appear in more than one parameter group
import torch
m = torch.nn.Linear(2, 2)
opt = torch.optim.SGD([{'params': [m.weight]}, {'params': [m.weight, m.bias]}], lr=0.1)
