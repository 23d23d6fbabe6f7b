# badinput: nn modulelist oob (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: IndexError: index 0 is out of range
import torch
import torch.nn as nn
nn.ModuleList()[0]
