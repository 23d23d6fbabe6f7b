# badinput: interpolate with a size of the wrong length
# expect-exit: 1
# expect-stderr: ValueError: Input and output must have the same number of spatial dimensions, but got input with spatial dimensions of [4, 4] and output size of (2,). Please provide input tensor in (N, C, d1, d2, ...,dK) format and output size in (o1, o2, ...,oK) format.
import torch
import torch.nn as nn
import torch.nn.functional as F
F.interpolate(torch.randn(1,1,4,4), size=(2,))
