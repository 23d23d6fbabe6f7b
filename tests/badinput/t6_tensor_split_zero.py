# badinput: tensor split zero (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: number of sections must be larger than 0, got 0
import torch
torch.ones(3).tensor_split(0)
