# badinput: nn unflatten bad (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: unflatten: Provided sizes [5, 5] don't multiply up to the size of dim 1 (12) in the input tensor
import torch
import torch.nn as nn
nn.Unflatten(1, (5, 5))(torch.ones(2, 12))
