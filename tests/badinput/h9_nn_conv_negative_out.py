# badinput: nn.Conv2d with -1 output channels
# expect-exit: 1
# expect-stderr: RuntimeError: Trying to create tensor with negative dimension -1: [-1, 3, 3, 3]
import torch
torch.nn.Conv2d(3, -1, 3)
