# badinput: interp size zero (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: Input and output sizes should be greater than 0, but got input (H: 4, W: 4) output (H: 0, W: 0)
import torch
import torch.nn.functional as F
F.interpolate(torch.ones(1, 1, 4, 4), size=0)
