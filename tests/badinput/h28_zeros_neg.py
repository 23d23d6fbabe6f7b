# badinput: torch.zeros with a negative size
# expect-exit: 1
# expect-stderr: RuntimeError: Trying to create tensor with negative dimension -1: [-1]
import torch
x = torch.zeros(-1)
