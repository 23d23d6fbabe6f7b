# badinput: zero_grad sets grads to None
# expect-exit: 0
# expect-stdout: None
import torch
import torch.nn as nn
import torch.nn.functional as F
m = nn.Linear(1, 1)
opt = torch.optim.SGD(m.parameters(), lr=0.1)
m(torch.ones(1)).sum().backward()
opt.zero_grad()
print(m.weight.grad)
