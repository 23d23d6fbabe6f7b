# badinput: conv2d weight 3d (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: expected stride to be a single integer value or a list of 1 values to match the convolution dimensions, but got stride=[1, 1]
import torch
import torch.nn.functional as F
F.conv2d(torch.ones(1, 1, 5, 5), torch.ones(1, 2, 2))
