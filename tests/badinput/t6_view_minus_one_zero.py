# badinput: view minus one zero (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: shape '[-1, 0]' is invalid for input of size 3
import torch
torch.zeros(3).view(-1, 0)
