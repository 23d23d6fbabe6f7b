# badinput: requires_grad_ on an int tensor
# expect-exit: 1
# expect-stderr: RuntimeError: only Tensors of floating point dtype can require gradients
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.arange(3).requires_grad_()
