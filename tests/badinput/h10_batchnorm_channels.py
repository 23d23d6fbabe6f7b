# badinput: batchnorm channels
# expect-exit: 1
# expect-stderr: RuntimeError: running_mean should contain 4 elements not 3
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.BatchNorm2d(3)(torch.ones(2, 4, 5, 5))
