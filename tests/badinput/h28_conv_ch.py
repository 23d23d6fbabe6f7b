# badinput: nn.Conv2d given an input with the wrong number of channels
# expect-exit: 1
# expect-stderr: RuntimeError: Given groups=1, weight of size [16, 3, 3, 3], expected input[1, 4, 32, 32] to have 3 channels, but got 4 channels instead
import torch
import torch.nn as nn
m = nn.Conv2d(3, 16, 3)
y = m(torch.randn(1, 4, 32, 32))
