# badinput: nn.Embedding(-1, 3)
# expect-exit: 1
# expect-stderr: RuntimeError: Trying to create tensor with negative dimension -1: [-1, 3]
import torch
torch.nn.Embedding(-1, 3)
