# badinput: conv2d channel mismatch (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: Given groups=1, weight of size [1, 2, 2, 2], expected input[1, 1, 5, 5] to have 2 channels, but got 1 channels instead
import torch
import torch.nn.functional as F
F.conv2d(torch.ones(1, 1, 5, 5), torch.ones(1, 2, 2, 2))
