# badinput: sgd bad momentum
# expect-exit: 1
# expect-stderr: ValueError: Invalid momentum value: -1
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.optim.SGD(nn.Linear(1, 1).parameters(), lr=0.1, momentum=-1)
