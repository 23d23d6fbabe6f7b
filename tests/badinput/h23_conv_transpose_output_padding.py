# badinput: ConvTranspose2d output_padding >= stride
# expect-exit: 1
# expect-stderr: RuntimeError: output padding must be smaller than either stride or dilation, but got output_padding: [2, 2], stride: [1, 1], dilation: [1, 1]
import torch
import torch.nn as nn
import torch.nn.functional as F
print(nn.ConvTranspose2d(3, 4, 3, stride=1, output_padding=2)(torch.ones(1,3,4,4)))
