# badinput: F.relu(inplace=True) on a leaf that requires grad
# expect-exit: 1
# expect-stderr: RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.
import torch
import torch.nn as nn
import torch.nn.functional as F
x=torch.ones(3, requires_grad=True)
print(F.relu(x, inplace=True))
