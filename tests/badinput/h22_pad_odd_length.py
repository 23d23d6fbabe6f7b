# badinput: F.pad with an odd-length pad
# expect-exit: 1
# expect-stderr: Padding length must be divisible by 2
import torch
import torch.nn as nn
import torch.nn.functional as F
F.pad(torch.ones(2, 2), (1,))
