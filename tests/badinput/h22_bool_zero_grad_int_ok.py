# badinput: zero_grad(set_to_none=0) is read as a truth value
# expect-exit: 0
# expect-stdout: tensor([[0.]])
import torch
import torch.nn as nn
import torch.nn.functional as F
m = nn.Linear(1, 1)
m(torch.ones(1)).sum().backward()
m.zero_grad(set_to_none=0)
print(m.weight.grad)
