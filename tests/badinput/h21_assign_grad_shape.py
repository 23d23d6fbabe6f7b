# badinput: assigning .grad of the wrong size
# expect-exit: 1
# expect-stderr: RuntimeError: attempting to assign a gradient of size '[2]' to a tensor of size '[3]'. Please ensure that the gradient and the tensor are the same size
import torch
import torch.nn as nn
import torch.nn.functional as F
x=torch.randn(3,requires_grad=True)
x.grad=torch.zeros(2)
