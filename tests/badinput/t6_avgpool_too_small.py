# badinput: avgpool too small (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: Given input size: (1x2x2). Calculated output size: (1x0x0). Output size is too small
import torch
import torch.nn.functional as F
F.avg_pool2d(torch.ones(1, 1, 2, 2), 3)
