# badinput: view(3,-1) of 10 elements
# expect-exit: 1
# expect-stderr: RuntimeError: shape '[3, -1]' is invalid for input of size 10
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.arange(10).view(3,-1)
