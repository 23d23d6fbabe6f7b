# badinput: nn.Linear(-1, 3)
# expect-exit: 1
# expect-stderr: RuntimeError: Trying to create tensor with negative dimension -1: [3, -1]
import torch
torch.nn.Linear(-1, 3)
