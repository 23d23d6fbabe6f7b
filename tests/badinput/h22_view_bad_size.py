# badinput: view with a size that does not divide
# expect-exit: 1
# expect-stderr: RuntimeError: shape '[4, -1]' is invalid for input of size 6
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(6).view(4, -1)
