# badinput: roll with shifts and dims of different lengths
# expect-exit: 1
# expect-stderr: RuntimeError: shifts and dimensions must align. shifts: 2, dims:1
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.roll(torch.arange(6).view(2,3), (1,2), (0,))
