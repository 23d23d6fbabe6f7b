# badinput: diag 3d
# expect-exit: 1
# expect-stderr: RuntimeError: diag(): Supports 1D or 2D tensors. Got 3D
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.diag(torch.ones(2, 2, 2))
