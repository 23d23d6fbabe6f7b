# badinput: cat along a dim that does not exist
# expect-exit: 1
# expect-stderr: IndexError: Dimension out of range (expected to be in range of [-1, 0], but got 3)
import torch
torch.cat([torch.ones(2), torch.ones(2)], dim=3)
