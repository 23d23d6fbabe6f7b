# badinput: dropout p negative (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: ValueError: dropout probability has to be between 0 and 1, but got -0.1
import torch
import torch.nn.functional as F
F.dropout(torch.ones(3), p=-0.1)
