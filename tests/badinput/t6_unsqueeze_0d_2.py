# badinput: unsqueeze 0d 2 (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: IndexError: Dimension out of range (expected to be in range of [-1, 0], but got 2)
import torch
torch.ones(()).unsqueeze(2)
