# badinput: masked_select with a mask of another shape
# expect-exit: 1
# expect-stderr: RuntimeError: The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.masked_select(torch.randn(2,3), torch.ones(4,dtype=torch.bool))
