# badinput: conv2d dilation zero (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: dilation should be greater than zero, but got [0, 0]
import torch
import torch.nn.functional as F
F.conv2d(torch.ones(1, 1, 5, 5), torch.ones(1, 1, 2, 2), dilation=0)
