# badinput: torch API misuse: reshape bad
# expect-exit: 1
# expect-stderr: RuntimeError: shape '[4, -1]' is invalid for input of size 6
import torch
torch.ones(6).reshape(4, -1)
