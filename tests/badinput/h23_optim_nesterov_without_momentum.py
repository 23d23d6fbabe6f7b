# badinput: SGD nesterov=True without momentum
# expect-exit: 1
# expect-stderr: ValueError: Nesterov momentum requires a momentum and zero dampening
import torch
import torch.nn as nn
import torch.nn.functional as F
opt=torch.optim.SGD(nn.Linear(2,2).parameters(), lr=0.1, nesterov=True)
