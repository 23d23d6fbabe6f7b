# badinput: Conv2d kernel larger than the image
# expect-exit: 1
# expect-stderr: RuntimeError: Calculated padded input size per channel: (3 x 3). Kernel size: (5 x 5). Kernel size can't be greater than actual input size
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Conv2d(1, 1, 5)(torch.randn(1, 1, 3, 3))
