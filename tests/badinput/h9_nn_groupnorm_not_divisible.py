# badinput: GroupNorm with channels not divisible by groups
# expect-exit: 1
# expect-stderr: ValueError: num_channels must be divisible by num_groups
import torch
torch.nn.GroupNorm(3, 10)
