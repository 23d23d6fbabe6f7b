# badinput: t 3d (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: t() expects a tensor with <= 2 dimensions, but self is 3D
import torch
torch.ones(2, 3, 4).t()
