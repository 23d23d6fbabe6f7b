# badinput: ce target range
# expect-exit: 1
# expect-stderr: IndexError: Target 3 is out of bounds.
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.CrossEntropyLoss()(torch.randn(2, 3), torch.tensor([0, 3]))
