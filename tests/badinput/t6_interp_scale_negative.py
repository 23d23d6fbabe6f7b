# badinput: interp scale negative (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: Input and output sizes should be greater than 0, but got input (H: 4, W: 4) output (H: -4, W: -4)
import torch
import torch.nn.functional as F
F.interpolate(torch.ones(1, 1, 4, 4), scale_factor=-1.0)
