# badinput: GRU fed a 4-D tensor (GRU's wording has no 'tensor')
# expect-exit: 1
# expect-stderr: ValueError: GRU: Expected input to be 2D or 3D, got 4D instead
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.GRU(4, 5)(torch.randn(1,2,3,4))
