# badinput: assigning a .grad of the wrong shape
# expect-exit: 1
# expect-stderr: RuntimeError: attempting to assign a gradient of size '[3]' to a tensor of size '[2]'. Please ensure that the gradient and the tensor are the same size
import torch
import torch.nn as nn
import torch.nn.functional as F
x=torch.ones(2,requires_grad=True)
x.grad=torch.ones(3)
