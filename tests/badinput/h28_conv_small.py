# badinput: nn.Conv2d kernel larger than the input
# expect-exit: 1
# expect-stderr: RuntimeError: Calculated padded input size per channel: (2 x 2). Kernel size: (5 x 5). Kernel size can't be greater than actual input size
import torch
import torch.nn as nn
m = nn.Conv2d(3, 16, 5)
y = m(torch.randn(1, 3, 2, 2))
