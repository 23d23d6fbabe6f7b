# badinput: torch API misuse: transpose bad
# expect-exit: 1
# expect-stderr: IndexError: Dimension out of range (expected to be in range of [-2, 1], but got 5)
import torch
torch.ones(2, 3).transpose(0, 5)
