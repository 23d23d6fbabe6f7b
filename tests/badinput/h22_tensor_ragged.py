# badinput: torch.tensor of a ragged list
# expect-exit: 1
# expect-stderr: ValueError: expected sequence of length 2 at dim 1 (got 1)
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.tensor([[1, 2], [3]])
