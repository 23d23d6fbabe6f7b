# badinput: masked scatter too few (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: Number of elements of source < number of ones in mask
import torch
torch.zeros(3).masked_scatter_(torch.ones(3, dtype=torch.bool), torch.ones(2))
