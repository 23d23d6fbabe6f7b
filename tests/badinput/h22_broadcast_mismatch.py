# badinput: adding tensors that do not broadcast
# expect-exit: 1
# expect-stderr: RuntimeError: The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 0
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(3) + torch.ones(4)
