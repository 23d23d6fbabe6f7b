# badinput: orthogonal_ of a 1-d tensor: 'Only tensors with 2 or more dimensions are supported'
# expect-exit: 1
# expect-stderr: ValueError: Only tensors with 2 or more dimensions are supported
import torch
torch.nn.init.orthogonal_(torch.empty(5))
