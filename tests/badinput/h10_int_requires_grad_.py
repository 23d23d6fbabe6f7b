# badinput: int requires grad 
# expect-exit: 1
# expect-stderr: RuntimeError: only Tensors of floating point dtype can require gradients
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(2, dtype=torch.int32).requires_grad_()
