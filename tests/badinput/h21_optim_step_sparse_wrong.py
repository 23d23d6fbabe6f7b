# badinput: SGD over a param list containing a non-tensor
# expect-exit: 1
# expect-stderr: TypeError: optimizer can only optimize Tensors, but one of the params is int
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.optim.SGD([torch.zeros(2, requires_grad=True), 3], lr=0.1)
