# badinput: nn.ReLU(inplace=True) on a tensor saved for backward
# expect-exit: 1
# expect-stderr: is at version 1; expected version 0 instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient
import torch
import torch.nn as nn
import torch.nn.functional as F
a = torch.randn(3, requires_grad=True)
b = a * 2
c = b.exp()
nn.ReLU(inplace=True)(c)
c.sum().backward()
