# badinput: mse shape broadcast
# expect-exit: 1
# expect-stderr: RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0
import torch
import torch.nn as nn
import torch.nn.functional as F
F.mse_loss(torch.ones(2), torch.ones(3))
