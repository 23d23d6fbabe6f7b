# badinput: take oob (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: IndexError: out of range: tried to access index 5 on a tensor of 3 elements.
import torch
torch.ones(3).take(torch.tensor([5]))
