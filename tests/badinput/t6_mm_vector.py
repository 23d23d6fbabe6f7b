# badinput: mm vector (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: self must be a matrix
import torch
torch.ones(3).mm(torch.ones(3))
