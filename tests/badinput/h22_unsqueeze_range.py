# badinput: unsqueeze past the end
# expect-exit: 1
# expect-stderr: IndexError: Dimension out of range (expected to be in range of [-2, 1], but got 5)
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(2).unsqueeze(5)
