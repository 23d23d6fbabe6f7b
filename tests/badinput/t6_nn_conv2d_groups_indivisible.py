# badinput: nn conv2d groups indivisible (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: ValueError: in_channels must be divisible by groups
import torch
import torch.nn as nn
nn.Conv2d(3, 4, 3, groups=2)
