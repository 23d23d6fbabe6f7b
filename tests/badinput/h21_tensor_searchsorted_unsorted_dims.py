# badinput: searchsorted with mismatched leading dims
# expect-exit: 1
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.searchsorted(torch.zeros(2,3), torch.zeros(3,1))
