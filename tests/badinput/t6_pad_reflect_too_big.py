# badinput: pad reflect too big (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: Argument #4: Padding size should be less than the corresponding input dimension, but got: padding (5, 5) at dimension 2 of input [1, 1, 3]
import torch
import torch.nn.functional as F
F.pad(torch.ones(1, 1, 3), (5, 5), mode='reflect')
