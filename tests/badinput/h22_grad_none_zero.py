# badinput: zeroing .grad before any backward
# expect-exit: 1
# expect-stderr: AttributeError: 'NoneType' object has no attribute 'zero_'
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.ones(2, requires_grad=True)
x.grad.zero_()
