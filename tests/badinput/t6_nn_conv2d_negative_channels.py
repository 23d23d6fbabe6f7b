# badinput: nn conv2d negative channels (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: Trying to create tensor with negative dimension -3: [4, -3, 3, 3]
import torch
import torch.nn as nn
nn.Conv2d(-3, 4, 3)
