# badinput: an optimizer state of another model
# expect-exit: 1
# expect-stderr: ValueError: loaded state dict contains a parameter group that doesn't match the size of optimizer's group
import torch
import torch.nn as nn
import torch.nn.functional as F
a = torch.optim.SGD(nn.Linear(2, 2).parameters(), lr=0.1)
b = torch.optim.SGD(nn.Sequential(nn.Linear(2, 2), nn.Linear(2, 2)).parameters(), lr=0.1)
a.load_state_dict(b.state_dict())
