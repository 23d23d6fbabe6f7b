# badinput: scatter index negative (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: index -1 is out of bounds for dimension 0 with size 3
import torch
torch.zeros(3).scatter_(0, torch.tensor([-1]), 1.0)
