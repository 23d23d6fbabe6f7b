# badinput: the same parameters in two groups
# expect-exit: 1
# expect-stderr: ValueError: some parameters appear in more than one parameter group
import torch
import torch.nn as nn
import torch.nn.functional as F
m = nn.Linear(1, 1)
torch.optim.SGD([{'params': m.parameters()}, {'params': m.parameters()}], lr=0.1)
