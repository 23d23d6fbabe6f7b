# badinput: fill nonscalar (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: fill_ only supports 0-dimension value tensor but got tensor with 1 dimensions.
import torch
torch.empty(3).fill_(torch.ones(2))
