# badinput: reshape to a size of another numel
# expect-exit: 1
# expect-stderr: RuntimeError: shape '[2, 2]' is invalid for input of size 3
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(3).reshape(2, 2)
