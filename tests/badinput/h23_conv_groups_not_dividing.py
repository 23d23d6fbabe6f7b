# badinput: Conv2d(3, 4, 3, groups=2)
# expect-exit: 1
# expect-stderr: ValueError: in_channels must be divisible by groups
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Conv2d(3, 4, 3, groups=2)
