# badinput: masked_fill with an int mask
# expect-exit: 1
# expect-stderr: TypeError: masked_fill(): argument 'mask' (position 1) must be Tensor, not int
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(2).masked_fill(1, 2)
