# badinput: adaptive_avg_pool2d of a matrix
# expect-exit: 1
# expect-stderr: RuntimeError: adaptive_avg_pool2d(): Expected 3D or 4D tensor, but got [2, 3]
import torch
import torch.nn as nn
import torch.nn.functional as F
F.adaptive_avg_pool2d(torch.randn(2,3), 2)
