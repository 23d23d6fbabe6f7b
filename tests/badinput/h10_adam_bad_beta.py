# badinput: adam bad beta
# expect-exit: 1
# expect-stderr: ValueError: Invalid beta parameter at index 0: 1.5
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.optim.Adam(nn.Linear(1, 1).parameters(), betas=(1.5, 0.9))
