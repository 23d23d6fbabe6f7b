# badinput: torch.nn / utils misuse: nn groupnorm bad
# expect-exit: 1
# expect-stderr: ValueError: num_channels must be divisible by num_groups
import torch
torch.nn.GroupNorm(3, 4)
