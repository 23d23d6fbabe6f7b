# badinput: masked_fill_ with a 2-D value tensor
# expect-exit: 1
# expect-stderr: RuntimeError: masked_fill_ only supports a 0-dimensional value tensor, but got tensor with 2 dimension(s).
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.zeros(2, 2)
x.masked_fill_(x > -1, torch.ones(2, 2))
