# badinput: empty max dim (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: IndexError: max(): Expected reduction dim 0 to have non-zero size.
import torch
torch.empty(0, 3).max(dim=0)
