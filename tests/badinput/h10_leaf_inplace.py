# badinput: leaf inplace
# expect-exit: 1
# expect-stderr: RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.
import torch
import torch.nn as nn
import torch.nn.functional as F
a = torch.ones(2, requires_grad=True)
a.add_(1)
