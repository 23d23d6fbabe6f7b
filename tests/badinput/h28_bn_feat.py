# badinput: nn.BatchNorm1d given the wrong number of features
# expect-exit: 1
# expect-stderr: RuntimeError: running_mean should contain 5 elements not 10
import torch
import torch.nn as nn
m = nn.BatchNorm1d(10)
y = m(torch.randn(4, 5))
