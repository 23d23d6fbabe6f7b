# badinput: sum over dim 2**62
# expect-exit: 1
# expect-stderr: IndexError: Dimension out of range (expected to be in range of [-1, 0], but got 4611686018427387904)
import torch
torch.ones(2).sum(dim=2**62)
