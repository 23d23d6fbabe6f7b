# badinput: nn.BatchNorm1d training on a batch of one
# expect-exit: 1
# expect-stderr: ValueError: Expected more than 1 value per channel when training, got input size torch.Size([1, 10])
import torch
import torch.nn as nn
m = nn.BatchNorm1d(10)
y = m(torch.randn(1, 10))
