# badinput: too many indices
# expect-exit: 1
# expect-stderr: IndexError: too many indices for tensor of dimension 1
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(2)[0, 0]
