# badinput: a Module whose forward calls itself
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
import torch
import torch.nn as nn
import torch.nn.functional as F
class M(nn.Module):
    def forward(self, x):
        return self(x)
M()(torch.ones(1))
