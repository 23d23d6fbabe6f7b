# badinput: view(-1, 0) of a non-empty tensor
# expect-exit: 1
# expect-stderr: RuntimeError: shape '[-1, 0]' is invalid for input of size 6
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(6).view(-1, 0)
