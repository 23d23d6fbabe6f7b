# badinput: torch.tensor of ints with requires_grad
# expect-exit: 1
# expect-stderr: RuntimeError: Only Tensors of floating point and complex dtype can require gradients
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.tensor([1, 2], requires_grad=True)
