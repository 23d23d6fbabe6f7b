# badinput: Adam with beta1 = 1
# expect-exit: 1
# expect-stderr: ValueError: Invalid beta parameter at index 0: 1.0
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.optim.Adam(nn.Linear(1, 1).parameters(), betas=(1.0, 0.999))
