# badinput: orthogonal_ of a vector
# expect-exit: 1
# expect-stderr: ValueError: Only tensors with 2 or more dimensions are supported
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.init.orthogonal_(torch.empty(3))
