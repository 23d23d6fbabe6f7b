# badinput: forward that returns None, then backward
# expect-exit: 1
# expect-stderr: AttributeError: 'NoneType' object has no attribute 'sum'
import torch
import torch.nn as nn
import torch.nn.functional as F
class M(nn.Module):
    def forward(self, x):
        y = x * 2
m = M()
m(torch.ones(2)).sum()
