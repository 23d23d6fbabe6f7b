# badinput: add_ on a view of a leaf that requires grad
# expect-exit: 1
# expect-stderr: RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.
import torch
import torch.nn as nn
import torch.nn.functional as F
x=torch.ones(2,requires_grad=True)
x[0].add_(1)
