# badinput: nn.Conv2d with in_channels not divisible by groups
# expect-exit: 1
# expect-stderr: ValueError: in_channels must be divisible by groups
import torch
torch.nn.Conv2d(3, 8, 3, groups=2)
