# badinput: tril of a vector
# expect-exit: 1
# expect-stderr: RuntimeError: tril: input tensor must have at least 2 dimensions
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.tril(torch.randn(3))
