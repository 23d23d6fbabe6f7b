# badinput: numel overflow view
# expect-exit: 1
# expect-stderr: RuntimeError: shape '[1099511627776, 1099511627776]' is invalid for input of size 1
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(1).view(2 ** 40, 2 ** 40)
