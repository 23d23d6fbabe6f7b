# badinput: BCELoss given values outside [0, 1]
# expect-exit: 1
# expect-stderr: RuntimeError: all elements of input should be between 0 and 1
import torch
import torch.nn as nn
y = nn.BCELoss()(torch.randn(3) * 5, torch.rand(3))
