# badinput: conv transpose out pad big (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: output padding must be smaller than either stride or dilation, but got output_padding: [2, 2], stride: [1, 1], dilation: [1, 1]
import torch
import torch.nn.functional as F
F.conv_transpose2d(torch.ones(1, 1, 3, 3), torch.ones(1, 1, 2, 2), stride=1, output_padding=2)
