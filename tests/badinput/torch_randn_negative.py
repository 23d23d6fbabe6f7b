# badinput: torch.randn(2, -3)
# expect-exit: 1
# expect-stderr: RuntimeError: Trying to create tensor with negative dimension -3: [2, -3]
import torch
torch.randn(2, -3)
