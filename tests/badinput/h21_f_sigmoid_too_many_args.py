# badinput: F.sigmoid with an extra positional argument
# expect-exit: 1
# expect-stderr: TypeError: sigmoid() takes
import torch
import torch.nn as nn
import torch.nn.functional as F
F.sigmoid(torch.zeros(2), True)
