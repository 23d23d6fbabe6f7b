# badinput: dot of matrices
# expect-exit: 1
# expect-stderr: RuntimeError: 1D tensors expected, but got 2D and 2D tensors
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.dot(torch.randn(2,2), torch.randn(2,2))
