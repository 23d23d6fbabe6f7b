# badinput: conv1d stride zero (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: non-positive stride is not supported
import torch
import torch.nn.functional as F
F.conv1d(torch.ones(1, 1, 5), torch.ones(1, 1, 2), stride=0)
