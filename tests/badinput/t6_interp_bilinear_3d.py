# badinput: interp bilinear 3d (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: NotImplementedError: Got 3D input, but bilinear mode needs 4D input
import torch
import torch.nn.functional as F
F.interpolate(torch.ones(1, 1, 4), size=2, mode='bilinear')
