# badinput: copy_ from a tensor that does not broadcast
# expect-exit: 1
# expect-stderr: RuntimeError: The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.zeros(2, 3).copy_(torch.ones(4))
