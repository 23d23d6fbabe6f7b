# badinput: Conv2d with dilation 0
# expect-exit: 1
# expect-stderr: RuntimeError: dilation should be greater than zero, but got [0, 0]
import torch
import torch.nn as nn
import torch.nn.functional as F
print(nn.Conv2d(3, 4, 3, dilation=0)(torch.ones(1,3,8,8)))
