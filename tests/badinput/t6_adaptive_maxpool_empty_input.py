# badinput: adaptive maxpool empty input (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: adaptive_max_pool2d(): Expected input to have non-zero size for non-batch dimensions, but input has sizes [1, 1, 0, 4] with dimension 2 being empty
import torch
import torch.nn.functional as F
F.adaptive_max_pool2d(torch.ones(1, 1, 0, 4), 2)
