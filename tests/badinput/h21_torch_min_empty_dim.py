# badinput: min over an empty dim
# expect-exit: 1
# expect-stderr: IndexError: min(): Expected reduction dim 0 to have non-zero size.
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.empty(0,3).min(dim=0)
