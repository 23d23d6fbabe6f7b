# badinput: conv channels
# expect-exit: 1
# expect-stderr: RuntimeError: Given groups=1, weight of size [8, 3, 3, 3], expected input[1, 4, 8, 8] to have 3 channels, but got 4 channels instead
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Conv2d(3, 8, 3)(torch.ones(1, 4, 8, 8))
