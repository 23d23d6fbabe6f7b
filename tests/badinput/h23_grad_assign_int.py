# badinput: assigning an int to .grad
# expect-exit: 1
# expect-stderr: TypeError: assigned grad expected to be a Tensor or None but got grad of type int
import torch
import torch.nn as nn
import torch.nn.functional as F
x=torch.ones(2,requires_grad=True)
x.grad=5
