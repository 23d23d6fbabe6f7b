# badinput: MaxPool2d larger than the feature map
# expect-exit: 1
# expect-stderr: RuntimeError: Given input size: (1x2x2). Calculated output size: (1x0x0). Output size is too small
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.MaxPool2d(4)(torch.randn(1, 1, 2, 2))
