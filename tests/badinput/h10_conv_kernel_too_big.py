# badinput: conv kernel too big
# expect-exit: 1
# expect-stderr: RuntimeError: Calculated padded input size per channel: (2 x 2). Kernel size: (3 x 3). Kernel size can't be greater than actual input size
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Conv2d(3, 8, 3)(torch.ones(1, 3, 2, 2))
