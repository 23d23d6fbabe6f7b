# badinput: too many indices
# expect-exit: 1
# expect-stderr: IndexError: too many indices for tensor of dimension 1
import torch
torch.ones(3)[0, 0]
