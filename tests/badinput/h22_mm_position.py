# badinput: mm with an int second operand
# expect-exit: 1
# expect-stderr: TypeError: mm(): argument 'mat2' (position 2) must be Tensor, not int
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.mm(torch.ones(2, 2), 5)
