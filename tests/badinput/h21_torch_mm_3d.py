# badinput: torch.mm on a batch
# expect-exit: 1
# expect-stderr: RuntimeError: self must be a matrix
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.mm(torch.randn(2,2,3), torch.randn(3,4))
