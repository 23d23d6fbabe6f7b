# badinput: RNN fed a 4-D tensor (the vanilla RNN says 'tensor')
# expect-exit: 1
# expect-stderr: ValueError: RNN: Expected input to be 2D or 3D, got 4D tensor instead
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.RNN(4, 5)(torch.randn(1,2,3,4))
