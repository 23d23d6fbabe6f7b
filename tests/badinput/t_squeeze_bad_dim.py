# badinput: t squeeze bad dim (issue 31 sweep)
# expect-exit: 1
# expect-stderr: IndexError: Dimension out of range (expected to be in range of [-1, 0], but got 3)
import torch
torch.ones(2).squeeze(3)
