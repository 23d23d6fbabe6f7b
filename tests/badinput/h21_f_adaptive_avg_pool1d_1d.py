# badinput: adaptive_avg_pool1d of a vector
# expect-exit: 1
# expect-stderr: RuntimeError: Expected 2 to 3 dimensions, but got 1-dimensional tensor for argument #1 'self' (while checking arguments for adaptive_avg_pool1d)
import torch
import torch.nn as nn
import torch.nn.functional as F
F.adaptive_avg_pool1d(torch.randn(3), 1)
