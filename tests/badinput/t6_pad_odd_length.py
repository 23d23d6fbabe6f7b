# badinput: pad odd length (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: Padding length must be divisible by 2
import torch
import torch.nn.functional as F
F.pad(torch.ones(3), (1,))
