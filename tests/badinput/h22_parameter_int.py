# badinput: nn.Parameter of an int tensor
# expect-exit: 1
# expect-stderr: RuntimeError: Only Tensors of floating point and complex dtype can require gradients
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Parameter(torch.tensor([1, 2]))
