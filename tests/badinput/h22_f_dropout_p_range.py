# badinput: F.dropout probability above 1
# expect-exit: 1
# expect-stderr: ValueError: dropout probability has to be between 0 and 1, but got 2.0
import torch
import torch.nn as nn
import torch.nn.functional as F
F.dropout(torch.ones(2), p=2.0)
