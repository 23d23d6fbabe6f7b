# badinput: narrow dim oob (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: IndexError: Dimension out of range (expected to be in range of [-2, 1], but got 2)
import torch
torch.ones(2, 3).narrow(2, 0, 1)
