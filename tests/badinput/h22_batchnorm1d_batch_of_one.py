# badinput: BatchNorm1d training on a batch of one
# expect-exit: 1
# expect-stderr: ValueError: Expected more than 1 value per channel when training, got input size torch.Size([1, 3])
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.BatchNorm1d(3)(torch.randn(1, 3))
