# badinput: nn dropout p big (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: ValueError: dropout probability has to be between 0 and 1, but got 1.5
import torch
import torch.nn as nn
nn.Dropout(p=1.5)
