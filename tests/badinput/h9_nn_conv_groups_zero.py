# badinput: nn.Conv2d with groups=0
# expect-exit: 1
# expect-stderr: ValueError: groups must be a positive integer
import torch
torch.nn.Conv2d(3, 8, 3, groups=0)
