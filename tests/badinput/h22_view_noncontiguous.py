# badinput: view of a transposed tensor
# expect-exit: 1
# expect-stderr: RuntimeError: view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(2, 3).t().view(6)
