# badinput: stack at a dim past rank+1
# expect-exit: 1
# expect-stderr: IndexError: Dimension out of range (expected to be in range of [-2, 1], but got 3)
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.stack([torch.randn(3), torch.randn(3)], dim=3)
