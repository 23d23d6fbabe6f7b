# badinput: item() of an empty tensor
# expect-exit: 1
# expect-stderr: RuntimeError: a Tensor with 0 elements cannot be converted to Scalar
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.ones(0).item())
