# badinput: GroupNorm(3, 4)
# expect-exit: 1
# expect-stderr: ValueError: num_channels must be divisible by num_groups
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.GroupNorm(3, 4)
