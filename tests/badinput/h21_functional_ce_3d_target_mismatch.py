# badinput: cross_entropy of NCL input with a mismatched target
# expect-exit: 1
# expect-stderr: RuntimeError: Expected target size [2, 4], got [2, 5]
import torch
import torch.nn as nn
import torch.nn.functional as F
F.cross_entropy(torch.zeros(2,3,4), torch.zeros(2,5, dtype=torch.long))
