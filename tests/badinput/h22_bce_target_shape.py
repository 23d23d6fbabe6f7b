# badinput: binary_cross_entropy with a target of another shape
# expect-exit: 1
# expect-stderr: ValueError: Using a target size (torch.Size([3, 1])) that is different to the input size (torch.Size([3])) is deprecated. Please ensure they have the same size.
import torch
import torch.nn as nn
import torch.nn.functional as F
F.binary_cross_entropy(torch.rand(3), torch.rand(3, 1))
