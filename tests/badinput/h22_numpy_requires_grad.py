# badinput: numpy() of a tensor that requires grad
# expect-exit: 1
# expect-stderr: RuntimeError: Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead.
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(2, requires_grad=True).numpy()
