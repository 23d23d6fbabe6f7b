# badinput: torch.empty with a negative dimension
# expect-exit: 1
# expect-stderr: RuntimeError: Trying to create tensor with negative dimension -3: [2, -3]
import torch
torch.empty(2, -3)
