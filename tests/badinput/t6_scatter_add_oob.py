# badinput: scatter add oob (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: index 7 is out of bounds for dimension 0 with size 3
import torch
torch.zeros(3).scatter_add_(0, torch.tensor([7]), torch.ones(1))
