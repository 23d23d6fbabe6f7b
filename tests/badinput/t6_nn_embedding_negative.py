# badinput: nn embedding negative (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: Trying to create tensor with negative dimension -1: [-1, 3]
import torch
import torch.nn as nn
nn.Embedding(-1, 3)
