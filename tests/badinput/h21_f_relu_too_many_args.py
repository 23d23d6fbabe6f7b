# badinput: F.relu with an extra positional argument
# expect-exit: 1
# expect-stderr: TypeError: relu() takes
import torch
import torch.nn as nn
import torch.nn.functional as F
F.relu(torch.zeros(2), True, 1)
