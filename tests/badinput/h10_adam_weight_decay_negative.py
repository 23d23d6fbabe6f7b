# badinput: adam weight decay negative
# expect-exit: 1
# expect-stderr: ValueError: Invalid weight_decay value: -1
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.optim.Adam(nn.Linear(1, 1).parameters(), weight_decay=-1)
