# badinput: requires_grad_() on an int64 tensor
# expect-exit: 1
# expect-stderr: RuntimeError: only Tensors of floating point dtype can require gradients
import torch
import torch.nn as nn
import torch.nn.functional as F
x=torch.tensor([1,2])
x.requires_grad_()
