# badinput: conv2d groups bad (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: Given groups=2, weight of size [2, 1, 2, 2], expected input[1, 3, 5, 5] to have 2 channels, but got 3 channels instead
import torch
import torch.nn.functional as F
F.conv2d(torch.ones(1, 3, 5, 5), torch.ones(2, 1, 2, 2), groups=2)
