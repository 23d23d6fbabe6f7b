# badinput: bmm 2d (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: batch1 must be a 3D tensor
import torch
torch.bmm(torch.ones(2, 2), torch.ones(2, 2))
