# badinput: interp align nearest (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: ValueError: align_corners option can only be set with the interpolating modes: linear | bilinear | bicubic | trilinear
import torch
import torch.nn.functional as F
F.interpolate(torch.ones(1, 1, 4, 4), size=2, align_corners=True)
