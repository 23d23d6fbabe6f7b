# badinput: BatchNorm1d with the wrong feature count
# expect-exit: 1
# expect-stderr: RuntimeError: running_mean should contain 5 elements not 10
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.BatchNorm1d(10)(torch.randn(4, 5))
