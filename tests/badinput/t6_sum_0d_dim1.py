# badinput: sum 0d dim1 (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: IndexError: Dimension out of range (expected to be in range of [-1, 0], but got 1)
import torch
torch.ones(()).sum(dim=1)
