# badinput: Conv1d fed channels-last data
# expect-exit: 1
# expect-stderr: RuntimeError: Given groups=1, weight of size [2, 4, 3], expected input[2, 10, 4] to have 4 channels, but got 10 channels instead
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Conv1d(4, 2, 3)(torch.randn(2, 10, 4))
