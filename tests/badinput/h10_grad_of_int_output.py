# badinput: grad of int output
# expect-exit: 1
# expect-stderr: RuntimeError: One of the differentiated Tensors does not require grad
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.ones(2, requires_grad=True)
torch.autograd.grad(x.sum(), torch.ones(2))
