# badinput: matmul with a list operand
# expect-exit: 1
# expect-stderr: TypeError: matmul(): argument 'other' (position 2) must be Tensor, not list
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.matmul(torch.ones(2), [1, 2])
