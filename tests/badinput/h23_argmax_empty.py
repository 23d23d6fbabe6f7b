# badinput: argmax of an empty tensor
# expect-exit: 1
# expect-stderr: IndexError: argmax(): Expected reduction dim to be specified for input.numel() == 0.
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.ones(0).argmax())
