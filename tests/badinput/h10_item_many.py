# badinput: item many
# expect-exit: 1
# expect-stderr: RuntimeError: a Tensor with 2 elements cannot be converted to Scalar
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(2).item()
