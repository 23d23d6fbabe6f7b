# badinput: slice step zero (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: ValueError: slice step cannot be zero
import torch
torch.arange(10)[::0]
