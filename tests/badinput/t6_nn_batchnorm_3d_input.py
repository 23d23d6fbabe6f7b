# badinput: nn batchnorm 3d input (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: ValueError: expected 4D input (got 3D input)
import torch
import torch.nn as nn
nn.BatchNorm2d(4)(torch.ones(2, 4, 3))
