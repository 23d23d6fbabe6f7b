# badinput: autograd.grad with an input the output does not use
# expect-exit: 1
# expect-stderr: RuntimeError: One of the differentiated Tensors appears to not have been used in the graph. Set allow_unused=True if this is the desired behavior.
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.ones(2, requires_grad=True)
z = torch.ones(2, requires_grad=True)
torch.autograd.grad((x * 2).sum(), [x, z])
