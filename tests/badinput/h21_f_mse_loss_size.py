# badinput: mse_loss of different sizes
# expect-exit: 1
# expect-stderr: RuntimeError: The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 0
import torch
import torch.nn as nn
import torch.nn.functional as F
F.mse_loss(torch.randn(3), torch.randn(4))
