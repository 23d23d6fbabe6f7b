# badinput: adaptive pool bad dims
# expect-exit: 1
# expect-stderr: RuntimeError: adaptive_avg_pool2d(): Expected 3D or 4D tensor, but got [4]
import torch
import torch.nn as nn
import torch.nn.functional as F
F.adaptive_avg_pool2d(torch.ones(4), 2)
