# badinput: randn(requires_grad=1)
# expect-exit: 1
# expect-stderr: TypeError: randn(): argument 'requires_grad' must be bool, not int
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.randn(2, requires_grad=1)
