# badinput: gather with an index of another rank
# expect-exit: 1
# expect-stderr: RuntimeError: Index tensor must have the same number of dimensions as input tensor
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.gather(torch.randn(2,3), 1, torch.tensor([0,1]))
