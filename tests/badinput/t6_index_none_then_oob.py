# badinput: index none then oob (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: IndexError: index 5 is out of bounds for dimension 0 with size 3
import torch
torch.ones(3)[None, None, 5]
