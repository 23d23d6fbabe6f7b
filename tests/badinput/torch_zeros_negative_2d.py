# badinput: torch.zeros(3, -4)
# expect-exit: 1
# expect-stderr: RuntimeError: Trying to create tensor with negative dimension -4: [3, -4]
import torch
torch.zeros(3, -4)
