# badinput: pad too long (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: Padding length should be less than or equal to two times the input dimension but got padding length 4 and input of dimension 1
import torch
import torch.nn.functional as F
F.pad(torch.ones(3), (1, 1, 1, 1))
