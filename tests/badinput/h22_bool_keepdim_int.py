# badinput: keepdim=1 to argmax
# expect-exit: 1
# expect-stderr: TypeError: argmax(): argument 'keepdim' must be bool, not int
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(2, 3).argmax(0, keepdim=1)
