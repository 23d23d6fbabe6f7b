# badinput: select oob (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: IndexError: select(): index 3 out of range for tensor of size [3] at dimension 0
import torch
torch.ones(3).select(0, 3)
