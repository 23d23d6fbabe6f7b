# badinput: trace of a 3-D tensor
# expect-exit: 1
# expect-stderr: RuntimeError: trace: expected a matrix, but got tensor with dim 3
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.trace(torch.zeros(2,2,2))
