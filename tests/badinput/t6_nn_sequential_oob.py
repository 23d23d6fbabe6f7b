# badinput: nn sequential oob (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: IndexError: index 5 is out of range
import torch
import torch.nn as nn
nn.Sequential(nn.ReLU())[5]
