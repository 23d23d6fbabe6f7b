# badinput: t cumsum bad dim (issue 31 sweep)
# expect-exit: 1
# expect-stderr: IndexError: Dimension out of range (expected to be in range of [-1, 0], but got 2)
import torch
torch.ones(3).cumsum(2)
