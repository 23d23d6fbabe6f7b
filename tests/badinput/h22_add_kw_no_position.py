# badinput: add with a str passed by keyword
# expect-exit: 1
# expect-stderr: TypeError: add(): argument 'other' must be Tensor, not str
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(2).add(other='a')
