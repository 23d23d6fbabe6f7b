# badinput: interp bad mode (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: NotImplementedError: Input Error: Only 3D, 4D and 5D input Tensors supported (got 4D) for the modes: nearest | linear | bilinear | bicubic | trilinear | area | nearest-exact (got bogus)
import torch
import torch.nn.functional as F
F.interpolate(torch.ones(1, 1, 4, 4), size=2, mode='bogus')
