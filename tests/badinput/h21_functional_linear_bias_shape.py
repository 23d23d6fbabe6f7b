# badinput: F.linear with a bias of the wrong size
# expect-exit: 1
import torch
import torch.nn as nn
import torch.nn.functional as F
F.linear(torch.zeros(2,3), torch.zeros(4,3), torch.zeros(5))
