# badinput: a negative learning rate
# expect-exit: 1
# expect-stderr: ValueError: Invalid learning rate: -0.1
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.optim.SGD(nn.Linear(1, 1).parameters(), lr=-0.1)
