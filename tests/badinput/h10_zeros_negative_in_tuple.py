# badinput: zeros negative in tuple
# expect-exit: 1
# expect-stderr: RuntimeError: Trying to create tensor with negative dimension -3: [2, -3]
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.zeros((2, -3))
