# badinput: torch API misuse: squeeze bad dim
# expect-exit: 1
# expect-stderr: IndexError: Dimension out of range (expected to be in range of [-2, 1], but got 4)
import torch
torch.ones(2, 3).squeeze(4)
