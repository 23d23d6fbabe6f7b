# badinput: nn.BatchNorm2d given a 3-D input
# expect-exit: 1
# expect-stderr: ValueError: expected 4D input (got 3D input)
import torch
import torch.nn as nn
m = nn.BatchNorm2d(3)
y = m(torch.randn(3, 8, 8))
