# badinput: interpolate with both size and scale_factor
# expect-exit: 1
# expect-stderr: ValueError: only one of size or scale_factor should be defined
import torch
import torch.nn as nn
import torch.nn.functional as F
F.interpolate(torch.ones(1, 1, 4), size=8, scale_factor=2)
