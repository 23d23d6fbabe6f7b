# badinput: nn conv2d same strided (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: ValueError: padding='same' is not supported for strided convolutions
import torch
import torch.nn as nn
nn.Conv2d(3, 4, 3, padding='same', stride=2)
