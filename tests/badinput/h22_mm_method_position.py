# badinput: Tensor.mm with an int
# expect-exit: 1
# expect-stderr: TypeError: mm(): argument 'mat2' (position 1) must be Tensor, not int
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(2, 2).mm(5)
