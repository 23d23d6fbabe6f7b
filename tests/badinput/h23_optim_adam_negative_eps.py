# badinput: Adam eps=-1
# expect-exit: 1
# expect-stderr: ValueError: Invalid epsilon value: -1
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.optim.Adam(nn.Linear(2,2).parameters(), eps=-1)
