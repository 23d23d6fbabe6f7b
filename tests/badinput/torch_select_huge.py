# badinput: select with index 2**62
# expect-exit: 1
# expect-stderr: IndexError: select(): index 4611686018427387904 out of range for tensor of size [3, 2] at dimension 0
import torch
torch.ones(3, 2).select(0, 2**62)
