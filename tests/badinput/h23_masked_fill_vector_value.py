# badinput: masked_fill with a 1-D value tensor
# expect-exit: 1
# expect-stderr: RuntimeError: masked_fill_ only supports a 0-dimensional value tensor, but got tensor with 1 dimension(s).
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.ones(2).masked_fill(torch.tensor([True,False]), torch.ones(2)))
