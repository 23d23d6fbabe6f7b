# badinput: Dropout probability above 1
# expect-exit: 1
# expect-stderr: ValueError: dropout probability has to be between 0 and 1, but got 1.5
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Dropout(p=1.5)
