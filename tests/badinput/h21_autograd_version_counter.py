# badinput: modifying a saved tensor through detach()
# expect-exit: 1
# expect-stderr: RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation
import torch
import torch.nn as nn
import torch.nn.functional as F
x=torch.randn(3,requires_grad=True)
y=x.exp()
y.detach().add_(1)
y.sum().backward()
