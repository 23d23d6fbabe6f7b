# badinput: view bad infer (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: shape '[4, -1]' is invalid for input of size 6
import torch
torch.ones(6).view(4, -1)
