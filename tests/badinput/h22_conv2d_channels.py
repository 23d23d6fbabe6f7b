# badinput: Conv2d fed the wrong channel count
# expect-exit: 1
# expect-stderr: RuntimeError: Given groups=1, weight of size [8, 3, 3, 3], expected input[1, 1, 8, 8] to have 3 channels, but got 1 channels instead
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Conv2d(3, 8, 3)(torch.randn(1, 1, 8, 8))
