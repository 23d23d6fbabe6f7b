# badinput: BatchNorm2d on a 2-d batch
# expect-exit: 1
# expect-stderr: ValueError: expected 4D input (got 2D input)
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.BatchNorm2d(3)(torch.randn(4, 3))
