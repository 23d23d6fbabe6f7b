# badinput: long requires grad
# expect-exit: 1
# expect-stderr: RuntimeError: Only Tensors of floating point and complex dtype can require gradients
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(2, dtype=torch.long, requires_grad=True)
