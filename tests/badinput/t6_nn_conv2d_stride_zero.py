# badinput: nn conv2d stride zero (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: non-positive stride is not supported
import torch
import torch.nn as nn
m = nn.Conv2d(3, 4, 3, stride=0)
m(torch.ones(1, 3, 5, 5))
