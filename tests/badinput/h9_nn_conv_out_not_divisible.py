# badinput: nn.Conv2d with out_channels not divisible by groups
# expect-exit: 1
# expect-stderr: ValueError: out_channels must be divisible by groups
import torch
torch.nn.Conv2d(4, 6, 3, groups=4)
