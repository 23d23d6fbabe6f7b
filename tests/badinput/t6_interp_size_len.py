# badinput: interp size len (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: ValueError: Input and output must have the same number of spatial dimensions, but got input with spatial dimensions of [4, 4] and output size of (2, 2, 2). Please provide input tensor in (N, C, d1, d2, ...,dK) format and output size in (o1, o2, ...,oK) format.
import torch
import torch.nn.functional as F
F.interpolate(torch.ones(1, 1, 4, 4), size=(2, 2, 2))
