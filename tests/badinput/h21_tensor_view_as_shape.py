# badinput: view_as of another numel
# expect-exit: 1
# expect-stderr: RuntimeError: shape '[4]' is invalid for input of size 6
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.zeros(6).view_as(torch.zeros(4))
