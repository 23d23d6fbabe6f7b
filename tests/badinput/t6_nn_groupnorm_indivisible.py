# badinput: nn groupnorm indivisible (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: ValueError: num_channels must be divisible by num_groups
import torch
import torch.nn as nn
nn.GroupNorm(3, 4)
