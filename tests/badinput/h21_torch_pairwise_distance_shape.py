# badinput: cdist of mismatched feature sizes
# expect-exit: 1
# expect-stderr: RuntimeError: X1 and X2 must have the same number of columns. X1: 3 X2: 4
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.cdist(torch.randn(2,3), torch.randn(2,4))
