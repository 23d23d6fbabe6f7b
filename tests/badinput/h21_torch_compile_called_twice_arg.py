# badinput: torch.compile given a tensor
# expect-exit: 1
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.compile(torch.zeros(2))(1)
