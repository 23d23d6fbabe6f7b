# badinput: add broadcast mismatch
# expect-exit: 1
# expect-stderr: RuntimeError: The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 1
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(2, 3) + torch.ones(3, 2)
