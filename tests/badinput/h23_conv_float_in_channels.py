# badinput: Conv2d(3.0, ...)
# expect-exit: 1
# expect-stderr: TypeError: Conv2d(): argument 'in_channels' must be int, not float
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Conv2d(3.0, 4, 3)
