# badinput: torch API misuse: resize neg
# expect-exit: 1
# expect-stderr: RuntimeError: Trying to create tensor with negative dimension -1: [-1]
import torch
torch.ones(2).resize_(-1)
