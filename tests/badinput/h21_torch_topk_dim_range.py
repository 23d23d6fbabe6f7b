# badinput: topk over a missing dim
# expect-exit: 1
# expect-stderr: IndexError: Dimension out of range (expected to be in range of [-1, 0], but got 3)
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.topk(torch.randn(3), 1, dim=3)
