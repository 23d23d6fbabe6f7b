# badinput: bilinear interpolation of a 3-d input
# expect-exit: 1
# expect-stderr: NotImplementedError: Got 3D input, but bilinear mode needs 4D input
import torch
import torch.nn as nn
import torch.nn.functional as F
F.interpolate(torch.ones(1, 1, 4), scale_factor=2, mode='bilinear')
