# badinput: autograd.grad with an input that does not require grad
# expect-exit: 1
# expect-stderr: RuntimeError: One of the differentiated Tensors does not require grad
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.ones(2, requires_grad=True)
z = torch.ones(2)
torch.autograd.grad((x * 2).sum(), [z])
