# badinput: F.linear with an int weight
# expect-exit: 1
# expect-stderr: TypeError: linear(): argument 'weight' (position 2) must be Tensor, not int
import torch
import torch.nn as nn
import torch.nn.functional as F
F.linear(torch.ones(2), 3)
