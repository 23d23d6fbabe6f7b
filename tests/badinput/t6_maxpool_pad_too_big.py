# badinput: maxpool pad too big (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: pad should be at most half of effective kernel size, but got pad=2, kernel_size=2 and dilation=1
import torch
import torch.nn.functional as F
F.max_pool2d(torch.ones(1, 1, 4, 4), 2, padding=2)
