# badinput: shift of a float tensor
# expect-exit: 1
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.tensor([1.5]) << 1
