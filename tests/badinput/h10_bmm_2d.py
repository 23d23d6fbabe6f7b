# badinput: bmm 2d
# expect-exit: 1
# expect-stderr: RuntimeError: batch1 must be a 3D tensor
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.bmm(torch.ones(2, 2), torch.ones(2, 2))
