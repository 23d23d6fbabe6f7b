# badinput: repeat with fewer dims than the tensor
# expect-exit: 1
# expect-stderr: RuntimeError: Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(2, 3).repeat(2)
