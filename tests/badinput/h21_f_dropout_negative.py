# badinput: F.dropout with p < 0
# expect-exit: 1
# expect-stderr: ValueError: dropout probability has to be between 0 and 1, but got -0.1
import torch
import torch.nn as nn
import torch.nn.functional as F
F.dropout(torch.randn(3), p=-0.1)
