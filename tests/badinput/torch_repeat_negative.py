# badinput: repeat(-1)
# expect-exit: 1
# expect-stderr: RuntimeError: Trying to create tensor with negative dimension -2: [-2]
import torch
torch.ones(2).repeat(-1)
