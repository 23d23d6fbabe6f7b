# badinput: F.relu of an int
# expect-exit: 1
# expect-stderr: TypeError: relu(): argument 'input' (position 1) must be Tensor, not int
import torch
import torch.nn as nn
import torch.nn.functional as F
F.relu(3)
