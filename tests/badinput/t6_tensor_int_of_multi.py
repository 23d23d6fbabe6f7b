# badinput: tensor int of multi (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: ValueError: only one element tensors can be converted to Python scalars
import torch
int(torch.ones(2))
