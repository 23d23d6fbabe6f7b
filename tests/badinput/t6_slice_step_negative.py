# badinput: slice step negative (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: ValueError: step must be greater than zero
import torch
torch.arange(10)[::-1]
