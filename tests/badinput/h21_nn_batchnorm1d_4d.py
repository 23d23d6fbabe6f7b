# badinput: BatchNorm1d fed a 4-D tensor
# expect-exit: 1
# expect-stderr: ValueError: expected 2D or 3D input (got 4D input)
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.BatchNorm1d(3)(torch.randn(2,3,4,4))
