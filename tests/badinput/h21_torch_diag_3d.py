# badinput: diag of a 3-D tensor
# expect-exit: 1
# expect-stderr: RuntimeError: diag(): Supports 1D or 2D tensors. Got 3D
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.diag(torch.randn(2,2,2))
