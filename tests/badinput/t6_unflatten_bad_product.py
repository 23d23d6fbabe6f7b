# badinput: unflatten bad product (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: unflatten: Provided sizes [4, 2] don't multiply up to the size of dim 0 (6) in the input tensor
import torch
torch.ones(6).unflatten(0, (4, 2))
