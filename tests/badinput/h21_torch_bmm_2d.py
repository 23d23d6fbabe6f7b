# badinput: torch.bmm on matrices
# expect-exit: 1
# expect-stderr: RuntimeError: batch1 must be a 3D tensor
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.bmm(torch.randn(2,3), torch.randn(3,4))
