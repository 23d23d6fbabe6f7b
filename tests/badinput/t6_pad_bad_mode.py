# badinput: pad bad mode (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: NotImplementedError: Unrecognised padding mode bogus
import torch
import torch.nn.functional as F
F.pad(torch.ones(1, 1, 3), (1, 1), mode='bogus')
