# badinput: x += 1 on a leaf that requires grad
# expect-exit: 1
# expect-stderr: RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.randn(3, requires_grad=True)
x += 1
