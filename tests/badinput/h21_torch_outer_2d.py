# badinput: outer of a matrix
# expect-exit: 1
# expect-stderr: RuntimeError: outer: Expected 1-D argument self, but got 2-D
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.outer(torch.randn(2,2), torch.randn(2))
