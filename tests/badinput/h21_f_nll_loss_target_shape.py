# badinput: nll_loss of a 3-D input with a 1-D target
# expect-exit: 1
# expect-stderr: RuntimeError: Expected target size [2, 4], got [2]
import torch
import torch.nn as nn
import torch.nn.functional as F
F.nll_loss(torch.randn(2,3,4), torch.tensor([0,1]))
