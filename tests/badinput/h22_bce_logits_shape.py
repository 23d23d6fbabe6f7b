# badinput: binary_cross_entropy_with_logits with a target of another size
# expect-exit: 1
# expect-stderr: ValueError: Target size (torch.Size([4])) must be the same as input size (torch.Size([3]))
import torch
import torch.nn as nn
import torch.nn.functional as F
F.binary_cross_entropy_with_logits(torch.randn(3), torch.rand(4))
