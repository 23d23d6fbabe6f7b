# badinput: bce size mismatch (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: ValueError: Using a target size (torch.Size([3])) that is different to the input size (torch.Size([2])) is deprecated. Please ensure they have the same size.
import torch
import torch.nn.functional as F
F.binary_cross_entropy(torch.full((2,), 0.5), torch.ones(3))
